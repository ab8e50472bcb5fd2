import { z } from 'zod';
import type { Message } from '../model/messages.js';
import { llmConfigSchema } from './llm-config-schema.js';
import type { SessionData } from './session-data.js';

/** The `format` field of every session file, so a stray JSON file is not mistaken for a session. */
export const sessionFileFormat = 'toolloop.session.v1';

const messageSchema = z.custom<Message>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    ['user', 'assistant', 'tool'].includes(String((value as { role?: unknown }).role)),
  { error: "expected a message with role 'user', 'assistant' or 'tool'" },
);

/** One session file, as the file store writes it: JSON with `lastActivity` as an ISO date. */
export const storedSessionSchema = z
  .strictObject({
    format: z.literal(sessionFileFormat),
    id: z.string().min(1),
    llmConfig: llmConfigSchema,
    messages: z.array(messageSchema),
    lastActivity: z.iso.datetime(),
    toolCallCount: z.number().int().min(0),
  })
  .transform(({ id, llmConfig, messages, lastActivity, toolCallCount }): SessionData => ({
    id,
    llmConfig,
    messages,
    lastActivity: new Date(lastActivity),
    toolCallCount,
  }));
