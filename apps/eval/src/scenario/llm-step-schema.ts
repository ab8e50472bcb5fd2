import { z } from 'zod';
import { delayMsSchema, delaySecondsSchema } from './timer-duration-schemas.js';

const jsonObject = z.record(z.string(), z.json());
const toolName = z.string().min(1).describe('The name of the tool the model calls.');
const toolCallId = z
  .string()
  .min(1)
  .optional()
  .describe(
    "The call's id as the model sends it. Default: a new one per call; give one to send an id again, as some OpenAI-compatible servers do.",
  );

/** One tool call the fake LLM makes: arguments as JSON, or `rawInput` text that is not valid JSON. */
export const llmToolCallSchema = z.union([
  z.strictObject({
    id: toolCallId,
    name: toolName,
    input: jsonObject.default({}).describe('The arguments, a JSON object. Default {}.'),
  }),
  z.strictObject({
    id: toolCallId,
    name: toolName,
    rawInput: z.string().describe('The arguments as raw text, to send arguments that are not valid JSON.'),
  }),
]);

/** The fake LLM's answer to one model request (docs/scenario-format.md, "`llm` steps"). */
export const llmStepSchema = z
  .strictObject({
    thinking: z
      .string()
      .optional()
      .describe('A thinking block; it must come back unchanged in later requests.'),
    redactedThinking: z
      .string()
      .optional()
      .describe("A redacted thinking block's opaque data (Anthropic only), expected back unchanged."),
    text: z.string().optional().describe('Text content.'),
    thinkingAfterText: z
      .string()
      .optional()
      .describe(
        'Thinking again after the text, before the tool calls (openai-responses only; needs thinking, text and toolCalls): a second reasoning item, as GPT-5 models answer when they write a few words before calling a tool; expected back right before the calls.',
      ),
    toolCalls: z
      .array(llmToolCallSchema)
      .optional()
      .describe(
        'Tool calls: [{ name, input }] or [{ name, rawInput }]; for provider xml, written as XML blocks.',
      ),
    stopReason: z
      .string()
      .min(1)
      .optional()
      .describe('Overrides the natural stop reason (tool_use or end_turn), such as max_tokens or refusal.'),
    usage: z
      .strictObject({
        inputTokens: z
          .int()
          .nonnegative()
          .describe('Input tokens to report: those neither read from nor written to the prompt cache.'),
        outputTokens: z.int().nonnegative().describe('Output tokens to report.'),
        cacheReadTokens: z
          .int()
          .nonnegative()
          .optional()
          .describe(
            "Input tokens read from the prompt cache, in the wire's own field (Ollama reports none).",
          ),
        cacheWriteTokens: z
          .int()
          .nonnegative()
          .optional()
          .describe(
            "Input tokens written to the prompt cache, in the wire's own field; gemini has none and counts them as input, ollama reports no cache.",
          ),
      })
      .optional()
      .describe('Token counts to report; without it the fake estimates them.'),
    delayMs: delayMsSchema.optional().describe('Milliseconds to wait before the first byte.'),
    chunkDelayMs: delayMsSchema.optional().describe('Milliseconds to wait between events.'),
    error: z
      .strictObject({
        status: z.int().min(400).max(599).describe('The HTTP status, 400 to 599.'),
        type: z
          .string()
          .min(1)
          .optional()
          .describe("The provider's error type, such as overloaded_error. Default: from the status."),
        message: z.string().optional().describe('The error message.'),
        retryAfter: delaySecondsSchema
          .optional()
          .describe('Seconds, sent as the retry-after header; fractions allowed.'),
      })
      .optional()
      .describe('An HTTP error instead of an answer; a retried request takes the next step.'),
    truncate: z
      .strictObject({
        afterEvents: z.int().nonnegative().describe('Events sent before the stream ends.'),
      })
      .optional()
      .describe('End the stream early, without its end.'),
    hang: z.literal(true).optional().describe('Send the headers, then nothing until the client goes away.'),
    replay: z
      .string()
      .min(1)
      .optional()
      .describe(
        "A recorded .sse or .chunks.jsonl stream to send as it is, relative to the scenario file: at most 16 MiB, under the scenario's directory or the run's.",
      ),
  })
  .superRefine((step, context) => {
    if (step.thinkingAfterText === undefined) return;
    const missing = (['thinking', 'text', 'toolCalls'] as const).filter((field) => step[field] === undefined);
    if (missing.length === 0) return;
    context.addIssue({
      code: 'custom',
      path: ['thinkingAfterText'],
      message: `the thinking between an answer's text and its tool calls needs both, and the thinking before the text: add ${missing.join(', ')}`,
    });
  });
