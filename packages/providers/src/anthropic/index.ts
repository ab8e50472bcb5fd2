// The provider
export { anthropic } from './anthropic.js';
export type { AnthropicModel } from './anthropic.js';
export type { AnthropicProviderOptions } from './anthropic-provider-options.js';

// Model capabilities
export {
  getAnthropicModelCapabilities,
  newestAnthropicModelCapabilities,
} from './anthropic-model-capabilities.js';
export type { AnthropicModelCapabilities, AnthropicThinkingMode } from './anthropic-model-capabilities.js';
