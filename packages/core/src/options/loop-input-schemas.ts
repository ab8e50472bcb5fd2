import { z } from 'zod';
import type { Message } from '../model/messages.js';
import type { Model } from '../model/model.js';
import type { Tool } from '../tools/define-tool.js';
import { isToolSource, type ToolSource } from '../tools/tool-source.js';
import type { OutputSchema } from '../loop/output-schema.js';

const roles = new Set(['user', 'assistant', 'tool']);

/** A model: anything with a `stream()` method. */
export function isModel(value: unknown): value is Model {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'stream') === 'function';
}

/**
 * The conversation passed in, message by message, so a malformed one is refused by its index (`messages[2]`,
 * `messages[2].content`) before the turn starts, not a crash in the middle of it.
 */
export const messagesSchema = z
  .custom<Message[]>(() => true)
  .superRefine((messages, context) => {
    if (!Array.isArray(messages)) {
      context.addIssue({ code: 'custom', message: 'expected a list of messages.', input: messages });
      return;
    }
    messages.forEach((message: unknown, index) => {
      const role: unknown =
        typeof message === 'object' && message !== null ? Reflect.get(message, 'role') : undefined;
      if (typeof role !== 'string' || !roles.has(role)) {
        context.addIssue({
          code: 'custom',
          path: [index],
          message: "expected a message object with a role ('user', 'assistant' or 'tool').",
          input: message,
        });
        return;
      }
      const content: unknown = Reflect.get(message as object, 'content');
      if (
        role === 'user' ? typeof content !== 'string' && !Array.isArray(content) : !Array.isArray(content)
      ) {
        context.addIssue({
          code: 'custom',
          path: [index, 'content'],
          message:
            role === 'user'
              ? "a user message's content must be text or a list of parts."
              : `${role === 'assistant' ? 'an assistant' : 'a tool'} message's content must be a list of parts.`,
          input: content,
        });
      }
    });
  });

/** Every entry of `tools`: a tool from `defineTool` or a tool source. */
export const toolsSchema = z
  .custom<ReadonlyArray<Tool<unknown> | ToolSource>>(() => true)
  .superRefine((tools, context) => {
    if (!Array.isArray(tools)) {
      context.addIssue({
        code: 'custom',
        message: 'expected a list of tools and tool sources.',
        input: tools,
      });
      return;
    }
    tools.forEach((tool: unknown, index) => {
      if (!isToolSource(tool) && !isTool(tool)) {
        context.addIssue({
          code: 'custom',
          path: [index],
          message: 'expected a tool from defineTool or a tool source (listTools and callTool).',
          input: tool,
        });
      }
    });
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
export const outputSchema = z
  .custom<OutputSchema>(() => true)
  .superRefine((schema: unknown, context) => {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      context.addIssue({
        code: 'custom',
        message:
          'expected a zod schema (or another Standard Schema with JSON Schema support) or a JSON Schema object.',
        input: schema,
      });
      return;
    }
    const standard: unknown = Reflect.get(schema, '~standard');
    if (standard !== undefined && typeof Reflect.get(Object(standard), 'jsonSchema') !== 'object') {
      context.addIssue({
        code: 'custom',
        message:
          'this Standard Schema cannot describe itself as JSON Schema, which the model needs; use zod 4, valibot or arktype, or a JSON Schema object.',
        input: schema,
      });
    }
  });
