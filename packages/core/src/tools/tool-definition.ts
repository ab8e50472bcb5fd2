import type { JsonObject } from '../json-value.js';

/** A tool as the model sees it: a name, what it does, and its input as JSON Schema. */
export interface ToolDefinition {
  name: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
}
