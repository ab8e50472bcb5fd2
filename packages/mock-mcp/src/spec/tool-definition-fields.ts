import { z } from 'zod';
import { objectJsonSchemaSchema } from './json-object-schema.js';

const toolAnnotationsSchema = z.strictObject({
  title: z.string().optional().describe('A display name.'),
  readOnlyHint: z.boolean().optional().describe('The tool changes nothing.'),
  destructiveHint: z.boolean().optional().describe('The tool may delete or overwrite.'),
  idempotentHint: z
    .boolean()
    .optional()
    .describe('Calling it again with the same arguments changes nothing more.'),
  openWorldHint: z.boolean().optional().describe('The tool reaches outside systems.'),
});

/** The fields of an MCP tool definition, shared by mock tools and the tools a sample offers the model. */
export const toolDefinitionFields = {
  name: z.string().min(1).describe("The tool's name, unique on its server."),
  title: z.string().optional().describe('A display name.'),
  description: z.string().optional().describe('What the tool does, as the model reads it.'),
  inputSchema: objectJsonSchemaSchema
    .default({ type: 'object' })
    .describe('The arguments as JSON Schema, with type object at the root. Default: { type: object }.'),
  outputSchema: objectJsonSchemaSchema
    .optional()
    .describe('The shape of structuredContent as JSON Schema, with type object at the root.'),
  annotations: toolAnnotationsSchema.optional().describe('MCP hints about what the tool does.'),
};

/** An MCP tool definition as it is listed or offered for sampling. */
export const toolDefinitionSchema = z.strictObject(toolDefinitionFields);

/** An MCP tool definition. */
export type McpToolDefinition = z.output<typeof toolDefinitionSchema>;
