// Choosing a provider from a host config (each provider also has its own subpath: ./anthropic, ./openai, ./gemini)
export { createModelFromConfig } from './create-model-from-config.js';
