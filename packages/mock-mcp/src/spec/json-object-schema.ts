import { z } from 'zod';

/** A JSON object with any members: tool arguments, `match` patterns, `structuredContent`. */
export const jsonObjectSchema = z.record(z.string(), z.unknown());

/** A JSON object with any members. */
export type JsonRecord = z.infer<typeof jsonObjectSchema>;

/**
 * A JSON Schema whose root is `type: object`, as MCP requires for `inputSchema` and `outputSchema`. Other
 * keywords pass through unchecked: they belong to JSON Schema, not to this format.
 */
export const objectJsonSchemaSchema = z.looseObject({
  type: z.literal('object').describe("The schema's root type, which MCP requires to be object."),
});

/** A JSON Schema whose root is `type: object`. */
export type ObjectJsonSchema = z.infer<typeof objectJsonSchemaSchema>;
