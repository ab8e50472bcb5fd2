// The provider
export { gemini } from './gemini.js';
export type { GeminiModel } from './gemini.js';
export type { GeminiProviderOptions } from './gemini-provider-options.js';

// Model capabilities
export { getGeminiCapabilities } from './gemini-capabilities.js';
export type { GeminiCapabilities, GeminiThinkingKind } from './gemini-capabilities.js';
