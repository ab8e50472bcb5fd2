import type { JsonObject, JsonValue } from '@toolloop/core';

/**
 * Whether OpenAI's strict mode takes a JSON schema: every object closes its properties
 * (`additionalProperties: false`) and requires them all. Only then may a request ask the server to guarantee
 * the shape; otherwise core's own validation does the checking.
 */
export function fitsOpenAIStrictMode(schema: JsonValue): boolean {
  if (Array.isArray(schema)) return schema.every(fitsOpenAIStrictMode);
  if (typeof schema !== 'object' || schema === null) return true;
  if (schema.type === 'object' || schema.properties !== undefined) {
    const properties = isObject(schema.properties) ? Object.keys(schema.properties) : [];
    const required = Array.isArray(schema.required) ? schema.required : [];
    if (schema.additionalProperties !== false) return false;
    if (!properties.every((name) => required.includes(name))) return false;
  }
  return Object.values(schema).every(fitsOpenAIStrictMode);
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
