// The provider
export { ollama } from './ollama.js';
export { ollamaDefaultHost } from './create-ollama-client.js';
export type { OllamaModel } from './ollama.js';
export type { OllamaProviderOptions } from './ollama-provider-options.js';

// Capabilities
export { defaultOllamaCapabilities, getOllamaCapabilities } from './ollama-capabilities.js';
export type { OllamaCapabilities } from './ollama-capabilities.js';
