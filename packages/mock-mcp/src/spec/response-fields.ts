import { z } from 'zod';
import { contentBlockSchema } from './content-block-schema.js';
import { delayMsSchema } from './delay-ms-schema.js';
import { jsonObjectSchema } from './json-object-schema.js';
import { logMessageSchema } from './log-message-schema.js';
import { progressStepSchema } from './progress-step-schema.js';

const throwSpecSchema = z.union([
  z.string(),
  z.strictObject({
    code: z.number().int().describe('The JSON-RPC error code, such as -32000.'),
    message: z.string().describe('The error message.'),
    data: z.unknown().optional().describe('Any value sent as the error data.'),
  }),
]);

/** The faults every scripted answer may be (tools, resources, prompts): a JSON-RPC error, a crash, a hang. */
export const faultFields = {
  throw: throwSpecSchema
    .optional()
    .describe('Answer with a JSON-RPC error: a message (code -32603), or { code, message, data }.'),
  crash: z
    .literal(true)
    .optional()
    .describe('Fail mid-request: the transport closes, the HTTP session drops, or the stdio process exits.'),
  hang: z.literal(true).optional().describe('Never answer; the request ends when the client gives up.'),
};

/** How a scripted answer is chosen and when it is sent: `match`, `times`, `delayMs`. */
export const scriptFields = {
  match: jsonObjectSchema
    .optional()
    .describe('Answer only requests whose arguments contain these members (a partial, deep match).'),
  times: z.number().int().positive().optional().describe('Answer this many requests, then be used up.'),
  delayMs: delayMsSchema.optional().describe('Milliseconds to wait before answering.'),
};

/** The fields of a tool result: `text`, `content`, `structuredContent`, `error`. */
export const toolResultFields = {
  text: z.string().optional().describe('Answer with one text block.'),
  content: z.array(contentBlockSchema).optional().describe('Answer with these MCP content blocks.'),
  structuredContent: jsonObjectSchema
    .optional()
    .describe('Answer with this JSON object (alone, its JSON is also sent as text).'),
  error: z.string().optional().describe('Answer with a result marked isError and this text.'),
};

/** The fields every scripted tool response may have, except `sample` and `elicit` (added where allowed). */
export const responseFields = {
  ...scriptFields,
  progress: z
    .array(progressStepSchema)
    .optional()
    .describe('Progress notifications sent before the answer, when the client asked for progress.'),
  log: z
    .array(logMessageSchema)
    .optional()
    .describe(
      'Log messages (notifications/message) sent before the answer, at or above the level the client set.',
    ),
  updatedResources: z
    .array(z.string().min(1))
    .optional()
    .describe(
      'Resource URIs to send notifications/resources/updated for, to the sessions subscribed to them.',
    ),
  ...toolResultFields,
  ...faultFields,
};

/** The fields that make a tool result together; any other action field is an action of its own. */
const resultFields = new Set<string>(['text', 'content', 'structuredContent']);

type ActionFields = Partial<Record<string, unknown>>;

/**
 * The last step of a scripted answer's schema: the answer as it is (so that a validated spec validates again
 * unchanged), or an issue when it has none of the `allowed` action fields or more than one action.
 */
export function createCheckOneAction(allowed: readonly string[]) {
  return <Response extends ActionFields>(response: Response, context: z.RefinementCtx): Response => {
    const problem = findActionProblem({ response, allowed });
    if (problem === undefined) return response;
    context.addIssue({ code: 'custom', message: problem, input: response });
    return z.NEVER;
  };
}

function findActionProblem(options: {
  response: ActionFields;
  allowed: readonly string[];
}): string | undefined {
  const { response, allowed } = options;
  const present = allowed.filter((field) => response[field] !== undefined);
  const groups = new Set(present.map((field) => (resultFields.has(field) ? 'result' : field)));
  if (present.length === 0) {
    return `A response needs one of: ${allowed.join(', ')}.`;
  }
  if (groups.size > 1) {
    return `A response does one thing, but this one has ${present.join(' and ')}. Split it into separate responses.`;
  }
  if (response.text !== undefined && response.content !== undefined) {
    return 'A response has either text or content, not both. Put the text into content as { type: text }.';
  }
  return undefined;
}
