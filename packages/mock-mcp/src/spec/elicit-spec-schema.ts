import { z } from 'zod';
import { checkPlaceholders } from './check-placeholders.js';
import { followUpResponseSchema } from './follow-up-response-schema.js';

const propertySchema = z.looseObject({
  type: z
    .enum(['string', 'number', 'integer', 'boolean', 'array'])
    .describe('string, number, integer, boolean, or array (a multi-select of strings).'),
});

/** The restricted JSON Schema of a form elicitation: a flat object of primitive properties. */
export const requestedSchemaSchema = z.strictObject({
  type: z.literal('object').describe('The root type, which MCP requires to be object.'),
  properties: z
    .record(z.string(), propertySchema)
    .describe('The form fields by name, each a JSON Schema of a primitive type; other keywords pass on.'),
  required: z.array(z.string()).optional().describe('The fields the user must fill in.'),
});

/**
 * An `elicit` response: the `elicitation/create` request the server sends in the middle of the tool call (form
 * mode with `requestedSchema`, or URL mode with `url`), and how the tool answers each of the user's actions.
 */
export const elicitSpecSchema = z
  .strictObject({
    mode: z
      .enum(['form', 'url'])
      .default('form')
      .describe(
        'form (the client shows a form for requestedSchema) or url (the user opens url). Default form.',
      ),
    message: z.string().describe('What the user is asked, and why.'),
    requestedSchema: requestedSchemaSchema
      .optional()
      .describe('Form mode: the fields asked for, as a flat JSON Schema object.'),
    url: z.url().optional().describe('URL mode: the page the user opens.'),
    elicitationId: z
      .string()
      .min(1)
      .optional()
      .describe('URL mode: the id of the elicitation (default: a random UUID).'),
    notifyCompletion: z
      .boolean()
      .default(true)
      .describe(
        'URL mode: after accept, send notifications/elicitation/complete before answering. Default true.',
      ),
    accept: followUpResponseSchema
      .optional()
      .describe("The answer when the user accepts; {{field}} in its strings is the field's value."),
    decline: followUpResponseSchema.optional().describe('The answer when the user declines.'),
    cancel: followUpResponseSchema.optional().describe('The answer when the user dismisses the request.'),
  })
  // A transform, not a refinement, so that it runs only when the fields are valid.
  .transform((elicit, context) => {
    const problem = findModeProblem(elicit);
    if (problem !== undefined) {
      context.addIssue({ code: 'custom', message: problem, input: elicit });
      return z.NEVER;
    }
    checkPlaceholders({
      value: elicit.accept,
      known: Object.keys(elicit.requestedSchema?.properties ?? {}),
      knownAs: 'fields of requestedSchema',
      path: ['accept'],
      context,
    });
    return elicit;
  });

/** A validated `elicit` response. */
export type ElicitSpec = z.output<typeof elicitSpecSchema>;

/** What is wrong with an elicitation's mode and the fields it needs, or `undefined`. */
export function findModeProblem(elicit: {
  mode: 'form' | 'url';
  requestedSchema?: unknown;
  url?: string;
  elicitationId?: string;
}): string | undefined {
  if (elicit.mode === 'form') {
    if (elicit.requestedSchema === undefined) {
      return 'A form elicitation needs requestedSchema: { type: object, properties: { ... } }.';
    }
    if (elicit.url !== undefined || elicit.elicitationId !== undefined) {
      return 'url and elicitationId belong to URL mode; add mode: url, or remove them.';
    }
    return undefined;
  }
  if (elicit.url === undefined) return 'A URL elicitation needs url: the page the user opens.';
  if (elicit.requestedSchema !== undefined) {
    return 'requestedSchema belongs to form mode; a URL elicitation collects nothing through the client.';
  }
  return undefined;
}
