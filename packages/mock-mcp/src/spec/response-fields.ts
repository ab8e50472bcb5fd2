import { z } from 'zod';
import { contentBlockSchema } from './content-block-schema.js';
import { jsonObjectSchema } from './json-object-schema.js';
import type { MockResponse, MockResponseAction } from './mock-response.js';
import { progressStepSchema } from './progress-step-schema.js';
import type { SampleSpec } from './sample-spec-schema.js';

/** The JSON-RPC error code a `throw: "message"` response uses (InternalError). */
export const defaultThrowCode = -32603;

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

type RawResponse = z.output<z.ZodObject<typeof responseFields>> & { sample?: SampleSpec };

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

/**
 * Turns a raw response into a `MockResponse`, or adds an issue when it has no action or more than one.
 * `allowed` lists the action fields the calling schema accepts, for the message.
 */
export function createToMockResponse(allowed: readonly string[]) {
  return (raw: RawResponse, context: z.RefinementCtx): MockResponse => {
    const present = actionFields.filter((field) => raw[field] !== undefined);
    const action = toAction(raw, present, allowed);
    if (typeof action === 'string') {
      context.addIssue({ code: 'custom', message: action, input: raw });
      return z.NEVER;
    }
    return {
      ...(raw.match === undefined ? {} : { match: raw.match }),
      ...(raw.times === undefined ? {} : { times: raw.times }),
      delayMs: raw.delayMs ?? 0,
      progress: raw.progress ?? [],
      action,
    };
  };
}

/** The action of a raw response, or a message saying why it has none or more than one. */
function toAction(
  raw: RawResponse,
  present: readonly string[],
  allowed: readonly string[],
): MockResponseAction | string {
  const groups = new Set(present.map((field) => (resultFields.has(field) ? 'result' : field)));
  if (present.length === 0) {
    return `A response needs one of: ${allowed.join(', ')}.`;
  }
  if (groups.size > 1) {
    return `A response does one thing, but this one has ${present.join(' and ')}. Split it into separate responses.`;
  }
  if (raw.text !== undefined && raw.content !== undefined) {
    return 'A response has either text or content, not both. Put the text into content as { type: text }.';
  }
  if (raw.error !== undefined) return { type: 'error', text: raw.error };
  if (raw.throw !== undefined) {
    return typeof raw.throw === 'string'
      ? { type: 'throw', code: defaultThrowCode, message: raw.throw }
      : { type: 'throw', ...raw.throw };
  }
  if (raw.crash !== undefined) return { type: 'crash' };
  if (raw.hang !== undefined) return { type: 'hang' };
  if (raw.sample !== undefined) return { type: 'sample', sample: raw.sample };
  const content = raw.content ?? [
    { type: 'text' as const, text: raw.text ?? JSON.stringify(raw.structuredContent) },
  ];
  return raw.structuredContent === undefined
    ? { type: 'result', content }
    : { type: 'result', content, structuredContent: raw.structuredContent };
}
