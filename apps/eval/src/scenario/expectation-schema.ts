import { stopReasons } from '@toolloop/core/internal';
import { z } from 'zod';
import { judgeExpectationSchema } from '../judge/judge-schema.js';
import { regularExpressionSchema } from './regular-expression-schema.js';

const range = z
  .strictObject({
    min: z.number().optional().describe('The smallest value that passes.'),
    max: z.number().optional().describe('The largest value that passes.'),
  })
  .refine((value) => value.min !== undefined || value.max !== undefined, 'give `min`, `max` or both');

/** An exact number, or `{ min, max }`. */
export const countExpectationSchema = z.union([z.int().nonnegative(), range]);

/** An exact amount (not only whole numbers), or `{ min, max }`. */
const amountSchema = z.union([z.number().nonnegative(), range]);

const textMatchers = {
  equals: z.string().optional().describe('The text is exactly this.'),
  contains: z.string().optional().describe('The text contains this.'),
  notContains: z.string().optional().describe('The text does not contain this.'),
  matches: regularExpressionSchema
    .optional()
    .describe('The text matches this regular expression (Unicode mode), within one second.'),
};

const textMatcherSchema = z
  .strictObject(textMatchers)
  .refine((value) => Object.keys(value).length > 0, 'give at least one matcher');

const eventCode = (example: string) => z.string().min(1).describe(`The event's code, such as ${example}.`);
const eventContains = z.string().optional().describe("A text the event's message contains.");
const expectedErrorSchema = z.strictObject({
  code: eventCode('tool_error or tool_timeout'),
  tool: z.string().optional().describe("The failing tool's name."),
  contains: eventContains,
});
const expectedWarningSchema = z.strictObject({
  code: eventCode('tools_dropped'),
  contains: eventContains,
});

/**
 * The error or warning events a turn must show: a list (each among them, in any order), `{ none: true }` or
 * `{ exactly: [...] }` (these and no others, in this order).
 */
function eventListExpectation<EVENT extends z.ZodType>(event: EVENT, kind: 'error' | 'warning') {
  return z.union([
    z.array(event).describe(`${kind} events that appear, in any order; others may appear too.`),
    z.strictObject({ none: z.literal(true).describe(`The turn had no ${kind} event.`) }),
    z.strictObject({
      exactly: z.array(event).describe(`The turn's ${kind} events, all of them, in this order.`),
    }),
  ]);
}

const toolCallsExpectationSchema = z.union([
  z.strictObject({ none: z.literal(true).describe('The turn made no tool call.') }),
  z.strictObject({
    order: z
      .enum(['strict', 'unordered', 'subset', 'superset'])
      .default('strict')
      .describe(
        'strict: these calls in this order; unordered: in any order; subset: these among others; superset: only calls from this list.',
      ),
    args: z
      .enum(['partial', 'exact', 'ignore'])
      .default('partial')
      .describe(
        "How inputs are compared: the call's arguments contain them (partial), equal them, or are ignored.",
      ),
    calls: z
      .array(
        z.strictObject({
          name: z.string().min(1).describe("The tool's name."),
          input: z.json().optional().describe('The arguments, compared as `args` says.'),
          isError: z.boolean().optional().describe('Whether the call failed (refused calls fail too).'),
          executed: z
            .boolean()
            .optional()
            .describe(
              'Whether the tool ran: false for a call the loop answered itself (a limit, an unknown tool, a stop, an abort).',
            ),
          result: textMatcherSchema
            .optional()
            .describe(
              "The result's text as the model received it (for a refused call, the loop's answer): equals, contains, notContains or matches.",
            ),
          runs: countExpectationSchema
            .optional()
            .describe(
              "How many times the tool ran for the call, on every host of the turn: 2 when a host that went on with a crashed turn ran it again, 0 for a call answered from the tool journal or the loop's own answer. Counted for the scenario's servers, its mock tools and the agent's local tools: a number, or { min, max }.",
            ),
          inputRounds: countExpectationSchema
            .optional()
            .describe(
              'Rounds of questions a 2026-07-28 MCP server asked during the call (input_required, answered and sent again): a number, or { min, max }. 0 for a call that asked nothing, and for a call of 2025-11-25.',
            ),
        }),
      )
      .describe('The expected calls.'),
  }),
]);

const requestAtSchema = z.strictObject({
  index: z.int().nonnegative().describe("Which request, counted from the turn's first (0)."),
  tools: z
    .union([z.enum(['present', 'absent']), z.array(z.string())])
    .optional()
    .describe('Some tools were offered (present), none (absent), or exactly these names.'),
  toolChoice: z
    .union([
      z.enum(['auto', 'any', 'none']),
      z.strictObject({
        type: z.string().min(1).describe('The tool choice type, such as auto, any, none or tool.'),
        name: z.string().optional().describe('The tool a `tool` choice names.'),
        disable_parallel_tool_use: z
          .boolean()
          .optional()
          .describe(
            "Whether the model is asked for one tool call at most (maxToolsPerResponse: 1); chat completions' parallel_tool_calls: false reads as true.",
          ),
      }),
    ])
    .optional()
    .describe("The request's tool choice contains this (Anthropic's form)."),
  system: textMatcherSchema
    .optional()
    .describe(
      "The request's system prompt (empty when it had none): equals, contains, notContains or matches.",
    ),
  toolDefinitions: z
    .array(
      z.strictObject({
        name: z.string().min(1).describe('The name of a tool the request offered.'),
        description: textMatcherSchema
          .optional()
          .describe(
            "The tool's description (empty when it had none): equals, contains, notContains or matches.",
          ),
        inputSchema: z
          .json()
          .optional()
          .describe("The tool's input schema contains this (objects: these keys with matching values)."),
      }),
    )
    .optional()
    .describe('Tools the request offered, each by name, with its description and input schema as sent.'),
  cacheBreakpoints: z
    .union([
      z.literal('absent').describe('The request marked no block for the prompt cache.'),
      z
        .array(z.string().min(1))
        .min(1)
        .describe(
          'Exactly these blocks carried cache_control, in request order, such as tools.2 or system.0.',
        ),
    ])
    .optional()
    .describe(
      "The blocks a Messages API request marked with cache_control, by the API's path (tools.N, system.N, messages.N.content.M), or absent.",
    ),
  maxTokens: z
    .union([z.int().positive(), z.literal('absent')])
    .optional()
    .describe(
      "The request's output token limit (max_tokens, or max_completion_tokens), or absent: none was sent.",
    ),
  outputFormat: z
    .union([
      z.literal('absent').describe('The request asked for no structured output format.'),
      z.strictObject({
        name: z
          .string()
          .optional()
          .describe("The format's name (chat completions' json_schema.name; the Messages API sends none)."),
        schema: z
          .json()
          .optional()
          .describe("The format's JSON Schema contains this (objects: these keys with matching values)."),
      }),
    ])
    .optional()
    .describe(
      'The structured output format the request asked for (response_format json_schema, or output_config.format), or absent.',
    ),
  thinking: z
    .strictObject({
      type: z.string().min(1).describe('The thinking type sent, such as enabled or adaptive.'),
      budgetTokens: z.int().optional().describe('The budget_tokens sent.'),
    })
    .optional()
    .describe("The request's thinking setting (Anthropic's)."),
  messages: countExpectationSchema
    .optional()
    .describe(
      "How many messages the request carried after the system prompt (a round's tool results count as one message, as the Messages API sends them): a number, or { min, max }.",
    ),
  firstMessage: z
    .strictObject({
      role: z.enum(['user', 'assistant', 'tool']).describe("The first message's role."),
      contains: z.string().optional().describe('A text the first message contains (tool results included).'),
      notContains: z.string().optional().describe('A text the first message does not contain.'),
    })
    .optional()
    .describe("The request's first message after the system prompt."),
  lastMessage: z
    .strictObject({
      role: z
        .enum(['user', 'assistant', 'tool'])
        .describe(
          "The last message's role; tool is the message that holds a round's tool results on every wire (user matches those of the Messages API, Gemini and Bedrock too).",
        ),
      contains: z.string().optional().describe('A text the last message contains (tool results included).'),
      notContains: z.string().optional().describe('A text the last message does not contain.'),
    })
    .optional()
    .describe("The request's last message."),
  toolResults: z
    .array(textMatcherSchema)
    .optional()
    .describe(
      'Every tool result the request carried, in order, each matched by its text: equals, contains, notContains or matches.',
    ),
  stream: z
    .strictObject({
      clientAborted: z
        .boolean()
        .optional()
        .describe('Whether the client stopped reading the response stream.'),
      maxBytesAfterSecondToolBlock: z
        .int()
        .nonnegative()
        .optional()
        .describe('XML tool mode: at most this many bytes were sent after the second tool block began.'),
    })
    .optional()
    .describe('How the response stream went.'),
});

const elicitationExpectationSchema = z.strictObject({
  server: z.string().min(1).optional().describe('The server that asked.'),
  mode: z.enum(['form', 'url']).optional().describe('How it asked: a form, or a URL to open.'),
  contains: z.string().optional().describe("Text the request's message contains."),
});

/** What a turn must have done (docs/scenario-format.md, "`expect`"). */
export const expectationSchema = z.strictObject({
  stopReason: z
    .union([
      z.enum(stopReasons as [string, ...string[]]),
      z
        .string()
        .regex(
          /^[a-z][a-z0-9_]*$/,
          `expected a built-in stop reason (${stopReasons.map((reason) => JSON.stringify(reason)).join(', ')}) or the snake_case name an agent's stopWhen gives`,
        )
        .describe("A stop reason an agent's stopWhen condition names."),
    ])
    .optional()
    .describe("Why the turn ended: a built-in stop reason, or one an agent's stopWhen condition names."),
  rounds: countExpectationSchema.optional().describe('Tool rounds: an exact number, or { min, max }.'),
  iterations: countExpectationSchema
    .optional()
    .describe('Model requests the loop made: an exact number, or { min, max }.'),
  toolCalls: toolCallsExpectationSchema
    .optional()
    .describe('The tool calls: { order, args, calls }, or { none: true }.'),
  text: textMatcherSchema.optional().describe('The answer: equals, contains, notContains or matches.'),
  honest: z
    .boolean()
    .optional()
    .describe(
      "The answer does not claim the task done when the turn went wrong: when it ended other than completed (or a pause for approval), or a call failed or was refused and was not made again with the same input to an answer, a judge with a fixed rubric reads the answer (the next judge.script answer in a scripted run). The config's `honest: true` sets it for every turn that does not say.",
    ),
  judge: judgeExpectationSchema
    .optional()
    .describe(
      "A model grades the turn's answer, tool calls and results (or the conversation so far) against a rubric: { rubric, scope, scale, threshold, model }. The turn fails when its score is below the threshold.",
    ),
  content: textMatcherSchema
    .optional()
    .describe(
      'The text the turn streamed to the user, all its content events joined: equals, contains, notContains or matches.',
    ),
  thinking: z
    .strictObject({
      present: z.literal(true).optional().describe('The turn streamed thinking.'),
      absent: z.literal(true).optional().describe('The turn streamed no thinking.'),
      equals: z
        .string()
        .optional()
        .describe(
          'The streamed thinking, all of it joined, is exactly this text (shown once, nothing more).',
        ),
      contains: z.string().optional().describe('A text the streamed thinking contains.'),
    })
    .optional()
    .describe('The thinking the turn streamed.'),
  status: z
    .union([
      z.strictObject({
        includes: z
          .array(z.string())
          .min(1)
          .describe('Status lines that appear in this order, others between.'),
      }),
      z.strictObject({
        exactly: z
          .array(z.string())
          .describe('The status lines the turn streamed, all of them, in this order.'),
      }),
      z.strictObject({ none: z.literal(true).describe('The turn streamed no status line.') }),
    ])
    .optional()
    .describe('The status lines the turn streamed: { includes }, { exactly } or { none: true }.'),
  events: z
    .array(
      z.enum([
        'status',
        'thinking',
        'content',
        'tool-start',
        'tool-progress',
        'tool-result',
        'warning',
        'error',
        'approval-required',
        'done',
      ]),
    )
    .optional()
    .describe('Event types that appear in this order, others between.'),
  errors: eventListExpectation(expectedErrorSchema, 'error')
    .optional()
    .describe('Error events: a list that appears in any order, { none: true }, or { exactly: [...] }.'),
  warnings: eventListExpectation(expectedWarningSchema, 'warning')
    .optional()
    .describe('Warning events: a list that appears in any order, { none: true }, or { exactly: [...] }.'),
  elicitations: z
    .array(elicitationExpectationSchema)
    .optional()
    .describe(
      'The requests for input servers made during the turn (MCP elicitation), all of them, in order.',
    ),
  requests: z
    .strictObject({
      count: z.int().nonnegative().optional().describe('Requests the fake LLM received in this turn.'),
      at: z.array(requestAtSchema).optional().describe('What given requests carried.'),
      thinkingEchoed: z
        .literal(true)
        .optional()
        .describe('Every thinking block the fake sent came back unchanged in later requests.'),
    })
    .optional()
    .describe('What the fake LLM received in this turn.'),
  approvals: z
    .strictObject({
      paused: z
        .array(z.string().min(1))
        .optional()
        .describe('The calls that waited for approval in the turn, by tool name, all of them, in order.'),
      approved: z
        .array(z.string().min(1))
        .optional()
        .describe("The calls the turn's approvals approved, by tool name, all of them, in order."),
      denied: z
        .array(z.string().min(1))
        .optional()
        .describe("The calls the turn's approvals denied, by tool name, all of them, in order."),
    })
    .optional()
    .describe('The tool calls that waited for approval, and how they were answered.'),
  output: z
    .json()
    .optional()
    .describe(
      "With the loop's `output`: the parsed answer contains this (objects: these keys with matching values; other values: equal).",
    ),
  durationMs: z
    .strictObject({ max: z.number().positive().describe('The longest the turn may take, in milliseconds.') })
    .optional()
    .describe("The turn's wall time."),
  usage: z
    .strictObject({
      inputTokens: countExpectationSchema.optional().describe('Input tokens: a number, or { min, max }.'),
      outputTokens: countExpectationSchema.optional().describe('Output tokens: a number, or { min, max }.'),
      cacheReadTokens: countExpectationSchema
        .optional()
        .describe('Input tokens read from the prompt cache (0 when the provider reported none).'),
      cacheWriteTokens: countExpectationSchema
        .optional()
        .describe('Input tokens written to the prompt cache (0 when the provider reported none).'),
    })
    .optional()
    .describe("The turn's token totals as the provider reported them."),
  cost: z
    .union([
      z
        .literal('absent')
        .describe('The turn has no cost: no `loop.prices`, or they leave out a model that answered.'),
      z.strictObject({
        total: amountSchema
          .optional()
          .describe('The whole turn: its requests and its generated status lines.'),
        turn: amountSchema.optional().describe("The turn's own model requests."),
        statusLines: amountSchema.optional().describe('The requests for generated status lines.'),
      }),
    ])
    .optional()
    .describe(
      "What the turn's tokens cost at `loop.prices` (each part a number, or { min, max }), or `absent`.",
    ),
});

export type Expectation = z.infer<typeof expectationSchema>;
export type CountExpectation = z.infer<typeof countExpectationSchema>;
