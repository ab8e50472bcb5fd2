import { z } from 'zod';

/**
 * The wires toolloop speaks, each the API of a provider of `@toolloop/providers` and a wire of the fake LLM:
 * the Messages API, OpenAI's chat completions and Responses API, Google's Gemini API, AWS Bedrock's Converse
 * API and Ollama's own `/api/chat`.
 */
export const wireNames = [
  'anthropic',
  'openai-chat',
  'openai-responses',
  'gemini',
  'bedrock',
  'ollama',
] as const;

export type Wire = (typeof wireNames)[number];

/**
 * What a scenario runs on: a wire, or one of two variants of chat completions: Ollama's OpenAI-compatible `/v1`
 * layer with its quirks (`ollama-openai`), and a text-only model given its tools as XML blocks (`xml`).
 */
export const scenarioProviderNames = [...wireNames, 'ollama-openai', 'xml'] as const;

export type ScenarioProvider = (typeof scenarioProviderNames)[number];

/** `openai`, the name chat completions had before there were two OpenAI wires, still names it. */
export function toScenarioProvider(name: unknown): unknown {
  return name === 'openai' ? 'openai-chat' : name;
}

/** A scenario's name on one wire, as every reporter shows it: `refund flow [gemini]`. */
export function nameOnWire(name: string, wire: ScenarioProvider): string {
  return `${name} [${wire}]`;
}

/** A provider by name; `openai`, chat completions' name before there were two OpenAI wires, still names it. */
export const scenarioProviderSchema = z
  .enum([...scenarioProviderNames, 'openai'], {
    error: `expected one of ${scenarioProviderNames.join(', ')} (or openai, the same as openai-chat)`,
  })
  .transform((name): ScenarioProvider => (name === 'openai' ? 'openai-chat' : name));

/** The providers a scenario runs on, each reported on its own: a list, or `all` (every wire). */
export const wiresSchema = z.union([
  z.literal('all', { error: `expected all, or a list of providers (${scenarioProviderNames.join(', ')})` }),
  z.array(scenarioProviderSchema).min(1),
]);
