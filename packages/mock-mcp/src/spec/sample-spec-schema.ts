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
  messages: z.array(samplingMessageSchema).min(1).describe('The conversation to sample.'),
  systemPrompt: z.string().optional().describe('The system prompt of the sampling request.'),
  maxTokens: z
    .number()
    .int()
    .positive()
    .default(1024)
    .describe('The longest answer, in tokens. Default 1024.'),
  temperature: z.number().optional().describe('The sampling temperature, passed on as it is.'),
  stopSequences: z.array(z.string()).optional().describe('Stop sequences, passed on as they are.'),
  tools: z
    .array(z.union([z.string(), toolDefinitionSchema]))
    .optional()
    .describe("Tools offered to the model: names of this server's tools, or tool definitions."),
  toolChoice: z
    .strictObject({
      mode: z
        .enum(['auto', 'required', 'none'])
        .optional()
        .describe('auto, required or none (no tools offered).'),
    })
    .optional()
    .describe('How the model may use the tools.'),
  toolResults: z
    .record(z.string(), z.array(toolResultResponseSchema))
    .optional()
    .describe("By tool name, how the server answers the model's calls; other tools run as the server's own."),
  maxRounds: z
    .number()
    .int()
    .nonnegative()
    .default(5)
    .describe('Tool rounds before one last request with tool choice none. Default 5.'),
});

/** A validated `sample` response. */
export type SampleSpec = z.output<typeof sampleSpecSchema>;
