import { stopReasons } from '@toolloop/core';
import { z } from 'zod';

const range = z
  .strictObject({ min: z.number().optional(), max: z.number().optional() })
  .refine((value) => value.min !== undefined || value.max !== undefined, 'give `min`, `max` or both');

/** An exact number, or `{ min, max }`. */
export const countExpectationSchema = z.union([z.int().nonnegative(), range]);

const textMatchers = {
  equals: z.string().optional(),
  contains: z.string().optional(),
  notContains: z.string().optional(),
  matches: z.string().optional(),
};

const toolCallsExpectationSchema = z.union([
  z.strictObject({ none: z.literal(true) }),
  z.strictObject({
    order: z.enum(['strict', 'unordered', 'subset', 'superset']).default('strict'),
    args: z.enum(['partial', 'exact', 'ignore']).default('partial'),
    calls: z.array(
      z.strictObject({
        name: z.string().min(1),
        input: z.json().optional(),
        isError: z.boolean().optional(),
      }),
    ),
  }),
]);

const requestAtSchema = z.strictObject({
  index: z.int().nonnegative(),
  tools: z.union([z.enum(['present', 'absent']), z.array(z.string())]).optional(),
  toolChoice: z
    .union([
      z.enum(['auto', 'any', 'none']),
      z.strictObject({ type: z.string().min(1), name: z.string().optional() }),
    ])
    .optional(),
  system: z.strictObject({ contains: z.string() }).optional(),
  thinking: z.strictObject({ type: z.string().min(1), budgetTokens: z.int().optional() }).optional(),
  lastMessage: z
    .strictObject({ role: z.enum(['user', 'assistant', 'tool']), contains: z.string().optional() })
    .optional(),
  /** How the response stream went: whether the client stopped it, and (XML mode) how much came after the second tool block. */
  stream: z
    .strictObject({
      clientAborted: z.boolean().optional(),
      maxBytesAfterSecondToolBlock: z.int().nonnegative().optional(),
    })
    .optional(),
});

/** What a turn must have done (SCENARIO-FORMAT.md, "`expect`"). */
export const expectationSchema = z.strictObject({
  stopReason: z.enum(stopReasons as [string, ...string[]]).optional(),
  rounds: countExpectationSchema.optional(),
  iterations: countExpectationSchema.optional(),
  toolCalls: toolCallsExpectationSchema.optional(),
  text: z
    .strictObject(textMatchers)
    .refine((value) => Object.keys(value).length > 0, 'give at least one matcher')
    .optional(),
  thinking: z
    .strictObject({
      present: z.literal(true).optional(),
      absent: z.literal(true).optional(),
      contains: z.string().optional(),
    })
    .optional(),
  status: z.strictObject({ includes: z.array(z.string()).min(1) }).optional(),
  events: z
    .array(z.enum(['status', 'thinking', 'content', 'tool_start', 'tool_result', 'warning', 'error', 'done']))
    .optional(),
  errors: z.array(z.strictObject({ code: z.string().min(1), tool: z.string().optional() })).optional(),
  requests: z
    .strictObject({
      count: z.int().nonnegative().optional(),
      at: z.array(requestAtSchema).optional(),
      thinkingEchoed: z.literal(true).optional(),
    })
    .optional(),
  durationMs: z.strictObject({ max: z.number().positive() }).optional(),
  usage: z.strictObject({ inputTokens: range.optional(), outputTokens: range.optional() }).optional(),
});

export type Expectation = z.infer<typeof expectationSchema>;
export type CountExpectation = z.infer<typeof countExpectationSchema>;
