import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMarkdownSections } from './support/read-markdown-sections.js';

const repositoryRoot = join(import.meta.dirname, '..', '..', '..');
const guide = readFileSync(join(repositoryRoot, 'docs', 'agents.md'), 'utf8');

function codeBlocks(heading: string): string[] {
  const section = readMarkdownSections(guide).find((candidate) => candidate.heading === heading);
  if (section === undefined) throw new Error(`docs/agents.md has no section "${heading}".`);
  return [...section.text.matchAll(/^```(?:ts|yaml)\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
}

function lines(file: string): string[] {
  return readFileSync(join(repositoryRoot, file), 'utf8').split('\n');
}

describe('docs/agents.md', () => {
  it('shows as its complete example the agent, its tools and a scenario the suite runs, unchanged', () => {
    expect(codeBlocks('A complete example')).toEqual(
      [
        'scenarios/agents/support-tools.ts',
        'scenarios/agents/support-agent.ts',
        'scenarios/agents/support-agent-order-status.yaml',
      ].map((file) => readFileSync(join(repositoryRoot, file), 'utf8')),
    );
  });

  it('quotes the full and session forms from the agents the suite runs', () => {
    const [full, session] = codeBlocks('The three forms of `defineAgent`');

    for (const [quote, file] of [
      [full, 'scenarios/agents/wrapped-agent.ts'],
      [session, 'scenarios/agents/session-agent.ts'],
    ] as const) {
      const quoted = (quote ?? '').trimEnd().split('\n');
      const source = lines(file);
      const start = source.indexOf(quoted[0] ?? '');
      expect(source.slice(start, start + quoted.length)).toEqual(quoted);
    }
  });
});
