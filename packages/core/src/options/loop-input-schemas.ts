import type { Message } from '../model/messages.js';
import type { Model } from '../model/model.js';
import type { Tool } from '../tools/define-tool.js';
import { isToolSource, type ToolSource } from '../tools/tool-source.js';
import type { OutputSchema } from '../loop/output-schema.js';
import { ValueSchema } from './option-schema.js';

const roles = new Set(['user', 'assistant', 'tool']);

/** The part types each role's content holds (see `Message`). */
const partTypes: Record<string, readonly string[]> = {
  user: ['text'],
  assistant: ['text', 'thinking', 'redacted-thinking', 'tool-call'],
  tool: ['tool-result'],
};

/** A model: anything with a `stream()` method. */
export function isModel(value: unknown): value is Model {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'stream') === 'function';
}

/**
 * The conversation passed in, message by message, so a malformed one is refused by its index (`messages[2]`,
 * `messages[2].content`) before the turn starts, not a crash in the middle of it.
 */
export const messagesSchema = new ValueSchema<Message[]>((messages) => {
  if (!Array.isArray(messages)) return 'expected a list of messages.';
  return messages.flatMap((message: unknown, index) => {
    const role: unknown =
      typeof message === 'object' && message !== null ? Reflect.get(message, 'role') : undefined;
    if (typeof role !== 'string' || !roles.has(role)) {
      return [
        { path: [index], message: "expected a message object with a role ('user', 'assistant' or 'tool')." },
      ];
    }
    const content: unknown = Reflect.get(message as object, 'content');
    if (role === 'user' && typeof content === 'string') return [];
    if (Array.isArray(content))
      return partIssues(content, role).map((issue) => ({
        ...issue,
        path: [index, 'content', ...issue.path],
      }));
    return [
      {
        path: [index, 'content'],
        message:
          role === 'user'
            ? "a user message's content must be text or a list of parts."
            : `${role === 'assistant' ? 'an assistant' : 'a tool'} message's content must be a list of parts.`,
      },
    ];
  });
});

/**
 * The parts of one message's content the loop reads before anything else: each an object of a type its role
 * holds, and a tool call with the id and name its result is matched by.
 */
function partIssues(
  parts: readonly unknown[],
  role: string,
): Array<{ path: PropertyKey[]; message: string }> {
  const types = partTypes[role] ?? [];
  return parts.flatMap((part: unknown, index) => {
    const type: unknown = typeof part === 'object' && part !== null ? Reflect.get(part, 'type') : undefined;
    if (typeof type !== 'string' || !types.includes(type)) {
      return [
        {
          path: [index],
          message: `expected a part of ${role === 'assistant' ? 'an' : 'a'} ${role} message, whose type is ${types.map((name) => `'${name}'`).join(', ')}.`,
        },
      ];
    }
    if (type !== 'tool-call') return [];
    const { id, name } = part as { id?: unknown; name?: unknown };
    if (typeof id === 'string' && typeof name === 'string') return [];
    return [{ path: [index], message: 'expected a tool call with a string id and name.' }];
  });
}

/** Every entry of `tools`: a tool from `defineTool` or a tool source. */
export const toolsSchema = new ValueSchema<ReadonlyArray<Tool<unknown> | ToolSource>>((tools) => {
  if (!Array.isArray(tools)) return 'expected a list of tools and tool sources.';
  return tools.flatMap((tool: unknown, index) =>
    isToolSource(tool) || isTool(tool)
      ? []
      : [
          {
            path: [index],
            message: 'expected a tool from defineTool or a tool source (listTools and callTool).',
          },
        ],
  );
});

function isTool(value: unknown): value is Tool<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const { name, inputSchema, execute, validateInput } = value as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    typeof inputSchema === 'object' &&
    inputSchema !== null &&
    typeof execute === 'function' &&
    typeof validateInput === 'function'
  );
}

/** `output`: a JSON Schema object, or a Standard Schema that can describe itself as one. */
export const outputSchema = new ValueSchema<OutputSchema>((schema) => {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return 'expected a zod schema (or another Standard Schema with JSON Schema support) or a JSON Schema object.';
  }
  const standard: unknown = Reflect.get(schema, '~standard');
  if (standard !== undefined && typeof Reflect.get(Object(standard), 'jsonSchema') !== 'object') {
    return 'this Standard Schema cannot describe itself as JSON Schema, which the model needs; use zod 4, valibot or arktype, or a JSON Schema object.';
  }
  return undefined;
});
