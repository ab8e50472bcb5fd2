// The provider
export { bedrock } from './bedrock.js';
export type { BedrockModel } from './bedrock.js';
export type { BedrockProviderOptions } from './bedrock-provider-options.js';

// Capabilities
export { getBedrockCapabilities } from './bedrock-capabilities.js';
export type { BedrockCapabilities, BedrockThinkingMode } from './bedrock-capabilities.js';
