import { z } from 'zod';
import { objectJsonSchemaSchema } from './json-object-schema.js';

const toolAnnotationsSchema = z.strictObject({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});

/** The fields of an MCP tool definition, shared by mock tools and the tools a sample offers the model. */
export const toolDefinitionFields = {
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: objectJsonSchemaSchema.default({ type: 'object' }),
  outputSchema: objectJsonSchemaSchema.optional(),
  annotations: toolAnnotationsSchema.optional(),
};

/** An MCP tool definition as it is listed or offered for sampling. */
export const toolDefinitionSchema = z.strictObject(toolDefinitionFields);

/** An MCP tool definition. */
export type ToolDefinition = z.output<typeof toolDefinitionSchema>;
