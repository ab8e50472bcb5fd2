import { z } from 'zod';
import {
  audioContentSchema,
  contentBlockSchema,
  imageContentSchema,
  textContentSchema,
} from './content-block-schema.js';
import { jsonObjectSchema } from './json-object-schema.js';

const meta = jsonObjectSchema.optional().describe('Extra data for the protocol, a JSON object.');

const toolUseContentSchema = z.strictObject({
  type: z.literal('tool_use').describe("A model's tool call."),
  id: z.string().describe("The call's id, which its tool_result names."),
  name: z.string().describe("The tool's name."),
  input: jsonObjectSchema.describe('The arguments, a JSON object.'),
  _meta: meta,
});

const toolResultContentSchema = z.strictObject({
  type: z.literal('tool_result').describe("A tool call's result."),
  toolUseId: z.string().describe('The id of the tool_use it answers.'),
  content: z.array(contentBlockSchema).describe("The result's content blocks."),
  structuredContent: jsonObjectSchema.optional().describe('The result as a JSON object.'),
  isError: z.boolean().optional().describe('Whether the call failed.'),
  _meta: meta,
});

const samplingBlockSchema = z.discriminatedUnion('type', [
  textContentSchema,
  imageContentSchema,
  audioContentSchema,
  toolUseContentSchema,
  toolResultContentSchema,
]);

/**
 * One MCP `SamplingMessage`: a role and one content block or a list of them (tool_use / tool_result too). A
 * plain string is short for one text block.
 */
export const samplingMessageSchema = z.strictObject({
  role: z.enum(['user', 'assistant']).describe('Who speaks: user or assistant.'),
  content: z
    .union([
      z.string().transform((text) => ({ type: 'text' as const, text })),
      samplingBlockSchema,
      z.array(samplingBlockSchema),
    ])
    .describe('A text, one content block, or a list of them (tool_use and tool_result too).'),
  _meta: meta,
});

/** One MCP `SamplingMessage`. */
export type MockSamplingMessage = z.infer<typeof samplingMessageSchema>;
