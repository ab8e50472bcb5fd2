import type { Content } from '@google/genai';
import type { JsonObject } from '@toolloop/core';

/** One function declaration: its schema as JSON Schema (`parametersJsonSchema`) or as `parameters`. */
export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  parametersJsonSchema?: JsonObject;
  parameters?: JsonObject;
}

/** A tool of function declarations. */
export interface GeminiTool {
  functionDeclarations: GeminiFunctionDeclaration[];
}

/** `toolConfig`: which functions the model may or must call. */
export interface GeminiToolConfig {
  functionCallingConfig: { mode: 'AUTO' | 'ANY' | 'NONE'; allowedFunctionNames?: string[] };
}

/** `thinkingConfig`: a budget (Gemini 2.5) or a level (Gemini 3), and whether thoughts are sent. */
export interface GeminiThinkingConfig {
  includeThoughts?: boolean;
  thinkingBudget?: number;
  thinkingLevel?: 'MINIMAL' | 'LOW' | 'MEDIUM' | 'HIGH';
}

/**
 * A generateContent request as this provider makes it: the SDK's `GenerateContentParameters` with the string
 * values of its enums (the SDK is loaded only when a request is sent, so its enum objects are not at hand).
 */
export interface GeminiRequest {
  model: string;
  contents: Content[];
  config: {
    systemInstruction?: string;
    tools?: GeminiTool[];
    toolConfig?: GeminiToolConfig;
    maxOutputTokens?: number;
    stopSequences?: string[];
    thinkingConfig?: GeminiThinkingConfig;
    responseMimeType?: string;
    responseJsonSchema?: JsonObject;
    abortSignal?: AbortSignal;
  };
}
