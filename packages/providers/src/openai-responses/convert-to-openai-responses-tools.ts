import type {
  FunctionTool,
  ToolChoiceFunction,
  ToolChoiceOptions,
} from 'openai/resources/responses/responses';
import type { ToolChoice, ToolDefinition } from '@toolloop/core';
import { fitsOpenAIStrictMode } from '../openai/fits-openai-strict-mode.js';

/**
 * Tool definitions as Responses API functions (flat: `{ type, name, description, parameters, strict }`). The
 * API takes a function as strict unless told otherwise, and refuses a strict schema that leaves a property
 * optional, so `strict` is true only for schemas strict mode takes; core validates the others' arguments.
 */
export function convertToOpenAIResponsesTools(tools: readonly ToolDefinition[]): FunctionTool[] {
  return tools.map((tool) => {
    const parameters = { ...tool.inputSchema, type: 'object' };
    return {
      type: 'function',
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters,
      strict: fitsOpenAIStrictMode(parameters),
    };
  });
}

/** A core tool choice as the Responses API's: `auto`, `required`, `none`, or `{ type: 'function', name }`. */
export function convertToOpenAIResponsesToolChoice(
  toolChoice: ToolChoice,
): ToolChoiceOptions | ToolChoiceFunction {
  switch (toolChoice.type) {
    case 'auto':
    case 'required':
    case 'none':
      return toolChoice.type;
    case 'tool':
      return { type: 'function', name: toolChoice.name };
    default: {
      const unknownChoice: never = toolChoice;
      throw new Error(`Unknown tool choice ${JSON.stringify(unknownChoice)}`);
    }
  }
}
