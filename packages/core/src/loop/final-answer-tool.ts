import type { JsonObject, JsonValue } from '../json-value.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

/** The control tool through which a model without native structured output gives its answer. */
export const finalAnswerToolName = 'final_answer';

/**
 * The final-answer tool for an output schema. A tool's input must be an object, so a schema of anything else
 * is wrapped as `{ value: … }` (see `readFinalAnswer`).
 */
export function createFinalAnswerTool(schema: JsonObject): ToolDefinition {
  return {
    name: finalAnswerToolName,
    description:
      'Give your final answer through this tool: call it once, when you are done (after any other tools), with ' +
      'the answer as its input. Do not write the answer as text.',
    inputSchema: isObjectSchema(schema)
      ? schema
      : { type: 'object', properties: { value: schema }, required: ['value'], additionalProperties: false },
  };
}

/** The answer in a call of the final-answer tool: its input, or the `value` a wrapped schema holds. */
export function readFinalAnswer({ input, schema }: { input: JsonValue; schema: JsonObject }): unknown {
  if (isObjectSchema(schema)) return input;
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? input.value : undefined;
}

function isObjectSchema(schema: JsonObject): boolean {
  return schema.type === 'object';
}
