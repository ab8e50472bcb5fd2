import { z } from 'zod';
import { jsonObjectSchema } from './json-object-schema.js';

const annotationsSchema = z.strictObject({
  audience: z.array(z.enum(['user', 'assistant'])).optional(),
  priority: z.number().min(0).max(1).optional(),
  lastModified: z.string().optional(),
});

const blockExtras = { annotations: annotationsSchema.optional(), _meta: jsonObjectSchema.optional() };

/** MCP `text` content. */
export const textContentSchema = z.strictObject({
  type: z.literal('text'),
  text: z.string(),
  ...blockExtras,
});

/** MCP `image` content (base64 `data`). */
export const imageContentSchema = z.strictObject({
  type: z.literal('image'),
  data: z.string(),
  mimeType: z.string(),
  ...blockExtras,
});

/** MCP `audio` content (base64 `data`). */
export const audioContentSchema = z.strictObject({
  type: z.literal('audio'),
  data: z.string(),
  mimeType: z.string(),
  ...blockExtras,
});

const resourceLinkSchema = z.strictObject({
  type: z.literal('resource_link'),
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  size: z.number().optional(),
  ...blockExtras,
});

const embeddedResourceSchema = z.strictObject({
  type: z.literal('resource'),
  resource: z.union([
    z.strictObject({
      uri: z.string(),
      mimeType: z.string().optional(),
      text: z.string(),
      _meta: jsonObjectSchema.optional(),
    }),
    z.strictObject({
      uri: z.string(),
      mimeType: z.string().optional(),
      blob: z.string(),
      _meta: jsonObjectSchema.optional(),
    }),
  ]),
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
