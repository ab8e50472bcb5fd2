import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stopReasons } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { createScenarioJsonSchema } from '../src/scenario/create-scenario-json-schema.js';
import { parseScenarioText } from '../src/scenario/load-scenario-file.js';
import { findUndocumentedFields } from './support/find-undocumented-fields.js';
import { listCodeSpans, readMarkdownSections } from './support/read-markdown-sections.js';

const repositoryRoot = join(import.meta.dirname, '..', '..', '..');
const reference = readFileSync(join(repositoryRoot, 'docs', 'scenario-format.md'), 'utf8');
const exampleFile = 'scenarios/rounds/course-question-two-turns.yaml';

function sectionText(heading: string): string {
  const section = readMarkdownSections(reference).find((candidate) => candidate.heading === heading);
  if (section === undefined) throw new Error(`docs/scenario-format.md has no section "${heading}".`);
  return section.text;
}

describe('docs/scenario-format.md', () => {
  it('documents every field of the scenario schema in the section of its parent, and every allowed value', () => {
    expect(
      findUndocumentedFields({
        schema: createScenarioJsonSchema(),
        markdown: reference,
        topLevelHeading: 'Top level',
      }),
    ).toEqual([]);
  });

  it('lists every stop reason in its table', () => {
    const listed = listCodeSpans(sectionText('Stop reasons'));

    expect(stopReasons.filter((reason) => !listed.has(reason))).toEqual([]);
  });

  it(`shows as its complete example ${exampleFile}, a valid scenario the suite runs`, () => {
    const example = readFileSync(join(repositoryRoot, exampleFile), 'utf8');
    const block = /^```yaml\n([\s\S]*?)^```$/m.exec(sectionText('A complete example'))?.[1];

    expect(block).toBe(example);
    expect(parseScenarioText({ text: example, file: exampleFile }).name).toBe(
      'course question over two turns',
    );
  });
});

describe('findUndocumentedFields', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      loop: {
        type: 'object',
        properties: { mode: { enum: ['fast', 'slow'] }, limits: { properties: { perTurn: {} } } },
      },
      servers: {
        type: 'object',
        additionalProperties: { properties: { tools: { items: { properties: { title: {} } } } } },
      },
    },
  };

  it('names each field missing from the section of its parent, and each allowed value never mentioned', () => {
    const markdown = [
      '## Top level',
      '`name`, `loop` and `servers`.',
      '## `loop`',
      '`limits` (with `perTurn`) and `fast`.',
      '## `servers.<name>`',
      'A server has tools; `title` is documented elsewhere.',
      '### `tools[]`',
      'Nothing here.',
    ].join('\n');

    expect(findUndocumentedFields({ schema, markdown, topLevelHeading: 'Top level' })).toEqual([
      'loop.mode: `mode` is not mentioned in the section "`loop`"',
      'servers.<name>.tools: `tools` is not mentioned in the section "`servers.<name>`"',
      'servers.<name>.tools[].title: `title` is not mentioned in the section "`tools[]`"',
      'the allowed value `slow` is not mentioned anywhere',
    ]);
  });

  it('passes a document that mentions everything where it belongs', () => {
    const markdown = [
      '## Top level',
      '`name`, `loop` and `servers`.',
      '## `loop`',
      '`mode` (`fast` or `slow`), `limits` (with `perTurn`).',
      '## `servers.<name>`',
      '`tools`: a list.',
      '### `tools[]`',
      '`title`.',
    ].join('\n');

    expect(findUndocumentedFields({ schema, markdown, topLevelHeading: 'Top level' })).toEqual([]);
  });
});
