import { z } from 'zod';
import { annotationsSchema } from './content-block-schema.js';

/** The fields resources and resource templates share: how they are listed. */
export const resourceDefinitionFields = {
  name: z.string().min(1).describe("The resource's name."),
  title: z.string().optional().describe('A display name.'),
  description: z.string().optional().describe('What the resource is.'),
  mimeType: z.string().optional().describe('The media type of its contents, such as text/plain.'),
  annotations: annotationsSchema.optional().describe('MCP hints for whoever shows the resource.'),
};
