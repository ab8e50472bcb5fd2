import { z } from 'zod';
import { jsonObjectSchema } from './json-object-schema.js';
import { createCheckOneAction, faultFields, scriptFields } from './response-fields.js';

const contentsFields = {
  uri: z.string().min(1).optional().describe('The URI of this part (default: the URI read).'),
  mimeType: z.string().optional().describe("Its media type (default: the resource's)."),
  _meta: jsonObjectSchema.optional().describe('Extra data for the protocol, a JSON object.'),
};

/** One part of a resource's contents: `{ uri, mimeType, text }` or `{ uri, mimeType, blob }`. */
const resourceContentsSchema = z.union([
  z.strictObject({ ...contentsFields, text: z.string().describe('The text.') }),
  z.strictObject({ ...contentsFields, blob: z.string().describe('The bytes, base64-encoded.') }),
]);

/**
 * One scripted answer to `resources/read`: its contents (`text`, `blob` or `contents`) or a fault (`throw`,
 * `crash`, `hang`), chosen like a tool response by `match` (on a template's URI variables) and `times`.
 */
export const resourceResponseSchema = z
  .strictObject({
    ...scriptFields,
    text: z.string().optional().describe('Answer with this text as the contents.'),
    blob: z.string().optional().describe('Answer with these bytes (base64) as the contents.'),
    contents: z
      .array(resourceContentsSchema)
      .optional()
      .describe('Answer with these parts: each { uri, mimeType, text } or { uri, mimeType, blob }.'),
    ...faultFields,
  })
  .transform(createCheckOneAction(['text', 'blob', 'contents', 'throw', 'crash', 'hang']));

/** One validated answer to `resources/read`. */
export type ResourceResponse = z.output<typeof resourceResponseSchema>;
