import { z } from 'zod';
import { resourceDefinitionFields } from './resource-definition-fields.js';
import { resourceResponseSchema } from './resource-response-schema.js';

/** One mock resource: how `resources/list` shows it, and the `responses` tried in order for each read. */
export const mockResourceSchema = z.strictObject({
  uri: z.string().min(1).describe("The resource's URI, unique on its server."),
  ...resourceDefinitionFields,
  size: z.number().int().nonnegative().optional().describe('Its size in bytes, as listed.'),
  responses: z
    .array(resourceResponseSchema)
    .describe('Tried in order for each read; the first that is not used up answers.'),
});

/** One validated mock resource. */
export type MockResource = z.output<typeof mockResourceSchema>;
