/**
 * The part of JSON Schema the fake's request definitions use: what the published API definitions (OpenAI's
 * OpenAPI description, the Anthropic SDK's request types) say about a request body, with descriptions, examples
 * and defaults dropped. `nullable`, `oneOf` and `allOf` of the OpenAPI description are already rewritten into
 * `anyOf` and merged objects, so one checker reads both.
 */
export interface DefinitionSchema {
  type?: DefinitionType | DefinitionType[];
  /** Objects: the known fields. */
  properties?: Record<string, DefinitionSchema>;
  required?: string[];
  /** Objects: `false` when the definition allows no other field; absent (any field) otherwise. */
  additionalProperties?: boolean | DefinitionSchema;
  /** Arrays: the schema of every item. */
  items?: DefinitionSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: DefinitionSchema[];
  /** The field whose value names the variant of an `anyOf` (OpenAPI's `discriminator.propertyName`). */
  discriminator?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  /** `#/definitions/Name`. */
  $ref?: string;
}

/** A JSON Schema type name. */
export type DefinitionType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** Where a definition came from, so that a reader can check it and refresh it. */
export interface DefinitionSource {
  /** What the definition is: the API's own description, or the official SDK's types generated from it. */
  origin: string;
  /** The version of that description or SDK. */
  version: string;
  /** Where it was read from. */
  url: string;
  /** The schema or type the request body is. */
  entry: string;
}

/** A request body's definition, with where it came from and the named schemas it refers to. */
export interface RequestDefinition {
  source: DefinitionSource;
  /** The request body. */
  root: DefinitionSchema;
  definitions: Record<string, DefinitionSchema>;
  /** The model ids the definition lists by name (the API may serve others, such as dated snapshots). */
  modelIds: string[];
}
