import { z } from 'zod';
import { jsonObjectSchema } from './json-object-schema.js';

/** MCP annotations of a content block or a resource: who it is for, how important, when it changed. */
export const annotationsSchema = z.strictObject({
  audience: z
    .array(z.enum(['user', 'assistant']))
    .optional()
    .describe('Who the block is for: user, assistant.'),
  priority: z.number().min(0).max(1).optional().describe('How important the block is, from 0 to 1.'),
  lastModified: z.string().optional().describe('When the content last changed, as an ISO 8601 date.'),
});

/** Fields every content block may have. */
const blockExtras = {
  annotations: annotationsSchema.optional().describe('MCP hints for whoever shows the block.'),
  _meta: jsonObjectSchema.optional().describe('Extra data for the protocol, a JSON object.'),
};

const mimeType = z.string().describe('The media type, such as image/png.');
const base64Data = z.string().describe('The content, base64-encoded.');

/** MCP `text` content. */
export const textContentSchema = z.strictObject({
  type: z.literal('text').describe('A text block.'),
  text: z.string().describe('The text.'),
  ...blockExtras,
});

/** MCP `image` content (base64 `data`). */
export const imageContentSchema = z.strictObject({
  type: z.literal('image').describe('An image block.'),
  data: base64Data,
  mimeType,
  ...blockExtras,
});

/** MCP `audio` content (base64 `data`). */
export const audioContentSchema = z.strictObject({
  type: z.literal('audio').describe('An audio block.'),
  data: base64Data,
  mimeType,
  ...blockExtras,
});

const resourceUri = z.string().describe("The resource's URI.");

const resourceLinkSchema = z.strictObject({
  type: z.literal('resource_link').describe('A link to a resource.'),
  uri: resourceUri,
  name: z.string().describe("The resource's name."),
  title: z.string().optional().describe('A display name.'),
  description: z.string().optional().describe('What the resource is.'),
  mimeType: mimeType.optional(),
  size: z.number().optional().describe("The resource's size in bytes."),
  ...blockExtras,
});

const embeddedResourceSchema = z.strictObject({
  type: z.literal('resource').describe('A resource embedded in the result.'),
  resource: z
    .union([
      z.strictObject({
        uri: resourceUri,
        mimeType: mimeType.optional(),
        text: z.string().describe("The resource's text."),
        _meta: blockExtras._meta,
      }),
      z.strictObject({
        uri: resourceUri,
        mimeType: mimeType.optional(),
        blob: base64Data,
        _meta: blockExtras._meta,
      }),
    ])
    .describe('The resource: { uri, mimeType, text } or { uri, mimeType, blob }.'),
  ...blockExtras,
});

/** One MCP content block of a tool result: text, image, audio, resource_link or resource. */
export const contentBlockSchema = z.discriminatedUnion('type', [
  textContentSchema,
  imageContentSchema,
  audioContentSchema,
  resourceLinkSchema,
  embeddedResourceSchema,
]);

/** One MCP content block of a tool result. */
export type MockContentBlock = z.infer<typeof contentBlockSchema>;
