import { z } from 'zod';
import { samplingMessageSchema } from './sampling-message-schema.js';
import { toolDefinitionSchema } from './tool-definition-fields.js';
import { toolResultResponseSchema } from './tool-result-response-schema.js';

/**
 * A `sample` response: the `sampling/createMessage` request the server sends (fields as MCP defines them; a
 * string in `tools` names one of this server's tools), how the server answers the model's tool_use blocks
 * (`toolResults` by tool name, else the server's own tool), and how many tool rounds it runs (`maxRounds`).
 */
export const sampleSpecSchema = z.strictObject({
  messages: z.array(samplingMessageSchema).min(1),
  systemPrompt: z.string().optional(),
  maxTokens: z.number().int().positive().default(1024),
  temperature: z.number().optional(),
  stopSequences: z.array(z.string()).optional(),
  tools: z.array(z.union([z.string(), toolDefinitionSchema])).optional(),
  toolChoice: z.strictObject({ mode: z.enum(['auto', 'required', 'none']).optional() }).optional(),
  toolResults: z.record(z.string(), z.array(toolResultResponseSchema)).optional(),
  maxRounds: z.number().int().nonnegative().default(5),
});

/** A validated `sample` response. */
export type SampleSpec = z.output<typeof sampleSpecSchema>;
