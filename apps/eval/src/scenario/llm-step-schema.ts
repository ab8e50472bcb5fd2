import { z } from 'zod';

const jsonObject = z.record(z.string(), z.json());

/** One tool call the fake LLM makes: arguments as JSON, or `rawInput` text that is not valid JSON. */
export const llmToolCallSchema = z.union([
  z.strictObject({ name: z.string().min(1), input: jsonObject.default({}) }),
  z.strictObject({ name: z.string().min(1), rawInput: z.string() }),
]);

/** The fake LLM's answer to one model request (SCENARIO-FORMAT.md, "`llm` steps"). */
export const llmStepSchema = z.strictObject({
  thinking: z.string().optional(),
  redactedThinking: z.string().optional(),
  text: z.string().optional(),
  toolCalls: z.array(llmToolCallSchema).optional(),
  stopReason: z.string().min(1).optional(),
  usage: z
    .strictObject({ inputTokens: z.int().nonnegative(), outputTokens: z.int().nonnegative() })
    .optional(),
  delayMs: z.int().nonnegative().optional(),
  chunkDelayMs: z.int().nonnegative().optional(),
  error: z
    .strictObject({
      status: z.int().min(400).max(599),
      type: z.string().min(1).optional(),
      message: z.string().optional(),
      retryAfter: z.number().nonnegative().optional(),
    })
    .optional(),
  truncate: z.strictObject({ afterEvents: z.int().nonnegative() }).optional(),
  hang: z.literal(true).optional(),
  replay: z.string().min(1).optional(),
});

export type LlmStep = z.infer<typeof llmStepSchema>;
