import { z } from 'zod';
import { mockResponseSchema } from './mock-response-schema.js';
import { toolDefinitionFields } from './tool-definition-fields.js';

/** One mock tool: its MCP definition and the `responses` tried in order for each call. */
export const mockToolSchema = z.strictObject({
  ...toolDefinitionFields,
  responses: z
    .array(mockResponseSchema)
    .describe('Tried in order for each call; the first that is not used up and whose match fits answers.'),
});

/** One mock tool as written in a spec, before validation. */
export type MockToolInput = z.input<typeof mockToolSchema>;

/** One validated mock tool. */
export type MockTool = z.output<typeof mockToolSchema>;
