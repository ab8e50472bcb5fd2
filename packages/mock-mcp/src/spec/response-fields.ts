import { z } from 'zod';
import { contentBlockSchema } from './content-block-schema.js';
import { jsonObjectSchema } from './json-object-schema.js';
import { progressStepSchema } from './progress-step-schema.js';

const throwSpecSchema = z.union([
  z.string(),
  z.strictObject({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }),
]);

/** The fields every scripted response may have, except `sample` (added by the schema that allows it). */
export const responseFields = {
  match: jsonObjectSchema.optional(),
  times: z.number().int().positive().optional(),
  delayMs: z.number().int().nonnegative().optional(),
  progress: z.array(progressStepSchema).optional(),
  text: z.string().optional(),
  content: z.array(contentBlockSchema).optional(),
  structuredContent: jsonObjectSchema.optional(),
  error: z.string().optional(),
  throw: throwSpecSchema.optional(),
  crash: z.literal(true).optional(),
  hang: z.literal(true).optional(),
};

const actionFields = [
  'text',
  'content',
  'structuredContent',
  'error',
  'throw',
  'crash',
  'hang',
  'sample',
] as const;
const resultFields = new Set<string>(['text', 'content', 'structuredContent']);

type ActionFields = Partial<Record<(typeof actionFields)[number], unknown>>;

/**
 * The last step of a response schema: the response as it is (so that a validated spec validates again
 * unchanged), or an issue when it has no action or more than one. `allowed` lists the action fields the
 * calling schema accepts, for the message.
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
  const present = actionFields.filter((field) => response[field] !== undefined);
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
