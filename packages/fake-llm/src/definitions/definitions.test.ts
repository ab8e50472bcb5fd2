import { findCatalogueModel, type ModelApi } from '@toolloop/models';
import { describe, expect, it } from 'vitest';
import { anthropicBetaMessages20230601Definition } from './anthropic-beta-messages-2023-06-01.generated.js';
import { anthropicBetaMessages20261021Definition } from './anthropic-beta-messages-2026-10-21.generated.js';
import { anthropicMessages20230601Definition } from './anthropic-messages-2023-06-01.generated.js';
import { anthropicMessages20261021Definition } from './anthropic-messages-2026-10-21.generated.js';
import { geminiGenerateContentDefinition } from './gemini-generate-content.generated.js';
import { openaiChatCompletionsDefinition } from './openai-chat-completions.generated.js';
import type { RequestDefinition } from './request-definition.js';

const definitions: readonly (readonly [string, RequestDefinition, ModelApi])[] = [
  ['Messages API 2023-06-01', anthropicMessages20230601Definition, 'anthropic-messages'],
  ['Messages API 2023-06-01, beta', anthropicBetaMessages20230601Definition, 'anthropic-messages'],
  ['Messages API 2026-10-21', anthropicMessages20261021Definition, 'anthropic-messages'],
  ['Messages API 2026-10-21, beta', anthropicBetaMessages20261021Definition, 'anthropic-messages'],
  ['chat completions', openaiChatCompletionsDefinition, 'openai-chat-completions'],
  ['Gemini generateContent', geminiGenerateContentDefinition, 'gemini'],
];

describe.each(definitions)('the %s definition', (_name, definition) => {
  it('says where it came from', () => {
    expect(definition.source.version).toMatch(/\d+\.\d+\.\d+/u);
    expect(definition.source.url).toMatch(/^https:\/\//u);
  });

  it('resolves every reference it makes', () => {
    const references = JSON.stringify(definition).match(/#\/definitions\/[^"]+/gu) ?? [];
    const missing = references.filter(
      (reference) => !(reference.replace('#/definitions/', '') in definition.definitions),
    );
    expect(missing).toEqual([]);
  });
});

// The newest definition of each wire lists the models the API serves; a refresh that adds one must add it to the
// catalogue, or the fake would answer it with a 404.
const newest = definitions.filter(
  ([name]) => name === 'Messages API 2026-10-21, beta' || name === 'chat completions',
);

describe.each(newest)('the %s definition', (_name, definition, api) => {
  it('names no model the catalogue lacks', () => {
    expect(definition.modelIds.length).toBeGreaterThan(10);
    expect(definition.modelIds.filter((id) => findCatalogueModel({ api, id }) === undefined)).toEqual([]);
  });
});
