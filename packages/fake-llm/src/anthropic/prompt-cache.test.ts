import { describe, expect, it } from 'vitest';
import { listPromptBlocks } from './list-prompt-blocks.js';
import { createPromptCache } from './prompt-cache.js';

/** A request's prompt as the fake reads it: parsed from its JSON text, as a request body is. */
function promptTokensOf(json: string, minTokens: number): number {
  const fields = JSON.parse(json) as { tools?: unknown; messages: unknown[] };
  return createPromptCache().use({
    model: 'claude-sonnet-4-6',
    settings: { toolChoice: undefined, thinking: undefined },
    blocks: listPromptBlocks(fields),
    minTokens,
  }).promptTokens;
}

describe('createPromptCache', () => {
  const tool = (property: string, marked: boolean) =>
    `{"tools":[{"name":"lookup","input_schema":{"type":"object","properties":{"${property}":{"type":"string","description":"${'x'.repeat(400)}"}}}${marked ? ',"cache_control":{"type":"ephemeral"}' : ''}}],"messages":[{"role":"user","content":"Hi"}]}`;

  it('counts a field named __proto__ as any other field of its length, with a breakpoint or without', () => {
    for (const minTokens of [0, 1_000_000]) {
      const plain = promptTokensOf(tool('__prota__', false), minTokens);

      expect(promptTokensOf(tool('__proto__', false), minTokens)).toBe(plain);
      expect(promptTokensOf(tool('__proto__', true), minTokens)).toBe(plain);
      expect(promptTokensOf(tool('__prota__', true), minTokens)).toBe(plain);
    }
  });
});
