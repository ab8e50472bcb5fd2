import type { ToolChoice, ToolDefinition } from '@toolloop/core';
import type { GeminiTool, GeminiToolConfig } from './gemini-request.js';

/**
 * Tool definitions as one Gemini tool of `functionDeclarations`, each schema as JSON Schema
 * (`parametersJsonSchema`) where the model takes it, else as `parameters`.
 */
export function convertToGeminiTools(options: {
  tools: readonly ToolDefinition[];
  parametersJsonSchema: boolean;
}): GeminiTool[] {
  const functionDeclarations = options.tools.map((tool) => {
    const schema = { ...tool.inputSchema, type: 'object' };
    return {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      ...(options.parametersJsonSchema ? { parametersJsonSchema: schema } : { parameters: schema }),
    };
  });
  return [{ functionDeclarations }];
}

/**
 * A core tool choice as Gemini's `functionCallingConfig`: `auto` → `AUTO`, `required` → `ANY`, `none` → `NONE`,
 * one tool → `ANY` with `allowedFunctionNames: [name]`.
 */
export function convertToGeminiToolConfig(toolChoice: ToolChoice): GeminiToolConfig {
  switch (toolChoice.type) {
    case 'auto':
      return { functionCallingConfig: { mode: 'AUTO' } };
    case 'required':
      return { functionCallingConfig: { mode: 'ANY' } };
    case 'none':
      return { functionCallingConfig: { mode: 'NONE' } };
    case 'tool':
      return {
        functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [toolChoice.name] },
      };
    default: {
      const unknownChoice: never = toolChoice;
      throw new Error(`Unknown tool choice ${JSON.stringify(unknownChoice)}`);
    }
  }
}
