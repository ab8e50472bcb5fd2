import { z } from 'zod';
import {
  audioContentSchema,
  contentBlockSchema,
  imageContentSchema,
  textContentSchema,
} from './content-block-schema.js';
import { jsonObjectSchema } from './json-object-schema.js';

const toolUseContentSchema = z.strictObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: jsonObjectSchema,
  _meta: jsonObjectSchema.optional(),
});

const toolResultContentSchema = z.strictObject({
  type: z.literal('tool_result'),
  toolUseId: z.string(),
  content: z.array(contentBlockSchema),
  structuredContent: jsonObjectSchema.optional(),
  isError: z.boolean().optional(),
  _meta: jsonObjectSchema.optional(),
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
  role: z.enum(['user', 'assistant']),
  content: z.union([
    z.string().transform((text) => ({ type: 'text' as const, text })),
    samplingBlockSchema,
    z.array(samplingBlockSchema),
  ]),
  _meta: jsonObjectSchema.optional(),
});

/** One MCP `SamplingMessage`. */
export type MockSamplingMessage = z.infer<typeof samplingMessageSchema>;
