import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolloopMatchers } from '@toolloop/eval/vitest';
import { describe, expect, it } from 'vitest';
import { listCodeSpans, readMarkdownSections } from './support/read-markdown-sections.js';

const repositoryRoot = join(import.meta.dirname, '..', '..', '..');
const guide = readFileSync(join(repositoryRoot, 'docs', 'vitest.md'), 'utf8');

function sectionText(heading: string): string {
  const section = readMarkdownSections(guide).find((candidate) => candidate.heading === heading);
  if (section === undefined) throw new Error(`docs/vitest.md has no section "${heading}".`);
  return section.text;
}

describe('docs/vitest.md', () => {
  it('shows as its complete example test/vitest-example.test.ts, which runs with these tests', () => {
    const example = readFileSync(join(import.meta.dirname, 'vitest-example.test.ts'), 'utf8');
    const block = /^```ts\n([\s\S]*?)^```$/m.exec(sectionText('A complete example'))?.[1];

    expect(block).toBe(example);
  });

  it('documents every matcher under a heading of its own', () => {
    const headings = readMarkdownSections(sectionText('The matchers')).flatMap(
      (section) => section.headingCodeSpans,
    );

    expect(
      Object.keys(toolloopMatchers).filter((name) => !headings.some((span) => span.startsWith(`${name}(`))),
    ).toEqual([]);
  });

  it('documents every option of describeScenarios and of toHaveToolCalls', () => {
    const describing = listCodeSpans(sectionText('`describeScenarios(paths, options?)`'));
    const matching = listCodeSpans(sectionText('`toHaveToolCalls(calls, { order, args }?)`'));

    expect(
      ['cwd', 'name', 'tags', 'timeout', 'concurrent', 'defaults', 'redaction'].filter(
        (option) => !describing.has(option),
      ),
    ).toEqual([]);
    expect(
      ['strict', 'unordered', 'subset', 'superset', 'partial', 'exact', 'ignore'].filter(
        (mode) => !matching.has(mode),
      ),
    ).toEqual([]);
  });
});
