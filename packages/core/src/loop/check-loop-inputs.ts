import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Message } from '../model/messages.js';
import type { Tool } from '../tools/define-tool.js';
import { isToolSource, type ToolSource } from '../tools/tool-source.js';

const roles = new Set(['user', 'assistant', 'tool']);

/**
 * Checks the shape of the conversation passed in, message by message, so a malformed one is an
 * `InvalidArgumentError` naming it before the turn starts, not a crash in the middle of it.
 */
export function checkMessages(messages: unknown): Message[] {
  if (!Array.isArray(messages)) {
    throw new InvalidArgumentError({ argument: 'messages', message: 'expected a list of messages.' });
  }
  messages.forEach((message: unknown, index) => {
    const argument = `messages[${index}]`;
    const role: unknown =
      typeof message === 'object' && message !== null ? (message as Message).role : undefined;
    if (typeof role !== 'string' || !roles.has(role)) {
      throw new InvalidArgumentError({
        argument,
        message: "expected a message object with a role ('user', 'assistant' or 'tool').",
      });
    }
    const content: unknown = (message as Message).content;
    if (role === 'user' ? typeof content !== 'string' && !Array.isArray(content) : !Array.isArray(content)) {
      throw new InvalidArgumentError({
        argument: `${argument}.content`,
        message:
          role === 'user'
            ? "a user message's content must be text or a list of parts."
            : `${role === 'assistant' ? 'an assistant' : 'a tool'} message's content must be a list of parts.`,
      });
    }
  });
  return messages as Message[];
}

/** Checks that every entry of `tools` is a tool from `defineTool` or a tool source. */
export function checkTools(tools: unknown): ReadonlyArray<Tool<unknown> | ToolSource> {
  if (tools === undefined) return [];
  if (!Array.isArray(tools)) {
    throw new InvalidArgumentError({
      argument: 'tools',
      message: 'expected a list of tools and tool sources.',
    });
  }
  tools.forEach((tool: unknown, index) => {
    if (!isToolSource(tool) && !isTool(tool)) {
      throw new InvalidArgumentError({
        argument: `tools[${index}]`,
        message: 'expected a tool from defineTool or a tool source (listTools and callTool).',
      });
    }
  });
  return tools as ReadonlyArray<Tool<unknown> | ToolSource>;
}

/** Checks the caller's signal: anything else would fail when the turn listens to it. */
export function checkSignal(signal: unknown): AbortSignal | undefined {
  if (signal === undefined || signal instanceof AbortSignal) return signal;
  throw new InvalidArgumentError({ argument: 'signal', message: 'expected an AbortSignal.' });
}

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
