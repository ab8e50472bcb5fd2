import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFakeLlmRules } from './list-fake-llm-rules.js';

const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
const rules = listFakeLlmRules();

describe('listFakeLlmRules', () => {
  it('lists the rules of every wire, each id once', () => {
    const ids = rules.map((rule) => rule.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(new Set(rules.map((rule) => rule.wire))).toEqual(
      new Set(['messages', 'chat-completions', 'responses', 'gemini', 'bedrock', 'ollama']),
    );
    expect(rules.every((rule) => rule.id.startsWith(`${rule.wire}/`))).toBe(true);
  });

  it.each(rules.map((rule) => [rule.id, rule] as const))('names the source of %s', (_id, rule) => {
    expect(rule.source.trim().length).toBeGreaterThan(20);
    expect(rule.summary.trim().length).toBeGreaterThan(20);
  });

  // The README's tables are what a reader of the fake sees: a rule missing there is a rule nobody can look up.
  it.each(rules.map((rule) => [rule.id, rule] as const))(
    'has %s in the README, in the table of its wire',
    (id, rule) => {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${id}\``));
      expect(row).toBeDefined();
      expect(row).toContain(rule.outcome === 'refuses' ? 'refuses' : 'reports');
      const source = row?.split('|').at(-2)?.trim() ?? '';
      expect(source.length).toBeGreaterThan(10);
    },
  );
});
