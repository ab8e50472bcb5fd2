import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMarkdownSections } from './support/read-markdown-sections.js';

const repositoryRoot = join(import.meta.dirname, '..', '..', '..');
const guide = readFileSync(join(repositoryRoot, 'docs', 'agents.md'), 'utf8');
const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8');

function codeBlocks(heading: string, document = guide): string[] {
  const section = readMarkdownSections(document).find((candidate) => candidate.heading === heading);
  if (section === undefined) throw new Error(`The document has no section "${heading}".`);
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

    expectQuote(full, 'scenarios/agents/wrapped-agent.ts');
    expectQuote(session, 'scenarios/agents/session-agent.ts');
  });
});

describe('the README', () => {
  it('shows first an agent the suite runs, unchanged, and a turn of its scenario as the file has it', () => {
    const [agent, scenario] = codeBlocks('Put your assistant under test', readme);

    expect(agent).toBe(readFileSync(join(repositoryRoot, 'scenarios/agents/support-agent.ts'), 'utf8'));
    expectQuote(scenario, 'scenarios/agents/support-agent-refund.yaml');
  });
});

/** `quote` is a run of whole lines of `file`, as they stand there. */
function expectQuote(quote: string | undefined, file: string): void {
  const quoted = (quote ?? '').trimEnd().split('\n');
  const source = lines(file);
  const start = source.indexOf(quoted[0] ?? '');
  expect(start, `${file} has no line "${quoted[0]}"`).toBeGreaterThanOrEqual(0);
  expect(source.slice(start, start + quoted.length)).toEqual(quoted);
}
