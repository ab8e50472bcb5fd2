import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createXmlToolParser, type XmlToolEvent } from './xml-tool-parser.js';

/** Parses text fed in the given pieces; adjacent text events are joined, so only content and order matter. */
function parse(pieces: readonly string[]): XmlToolEvent[] {
  const parser = createXmlToolParser();
  const events = [...pieces.flatMap((piece) => parser.push(piece)), ...parser.end()];
  return events.reduce<XmlToolEvent[]>((joined, event) => {
    const last = joined.at(-1);
    if (event.type === 'text' && last?.type === 'text') last.text += event.text;
    else joined.push(event.type === 'text' ? { ...event } : event);
    return joined;
  }, []);
}

const sample = `Let me read it first. <tool:read_file>
<param:path>src/a.ts</param:path>
<param:limit>20</param:limit>
</tool:read_file>`;

describe('the XML tool parser', () => {
  it('reads text and a tool block with its parameters', () => {
    expect(parse([sample])).toEqual([
      { type: 'text', text: 'Let me read it first. ' },
      { type: 'tool-start', name: 'read_file' },
      { type: 'tool-end', name: 'read_file', params: { path: 'src/a.ts', limit: '20' } },
    ]);
  });

  it('takes parameter values verbatim, markup and all, up to their exact closing tag', () => {
    const text =
      '<tool:write><param:content>if (a < b) { return "<tool:x>"; }\n</param:content></tool:write>';
    expect(parse([text])).toEqual([
      { type: 'tool-start', name: 'write' },
      { type: 'tool-end', name: 'write', params: { content: 'if (a < b) { return "<tool:x>"; }\n' } },
    ]);
  });

  it('keeps text that only looks like a tag', () => {
    expect(parse(['a <b> c <tool:bad name> d < e'])).toEqual([
      { type: 'text', text: 'a <b> c <tool:bad name> d < e' },
    ]);
  });

  it('reports the start of a second tool as soon as its tag is complete', () => {
    const parser = createXmlToolParser();
    const early = parser.push(`${sample}\n<tool:write_file><param:pa`);

    expect(early.map((event) => event.type)).toEqual([
      'text',
      'tool-start',
      'tool-end',
      'text',
      'tool-start',
    ]);
  });

  it('reports a block left open at the end', () => {
    expect(parse(['<tool:read_file><param:path>a.ts</param:path>'])).toEqual([
      { type: 'tool-start', name: 'read_file' },
      {
        type: 'malformed',
        name: 'read_file',
        reason: "tool 'read_file' was not closed with </tool:read_file>",
      },
    ]);
    expect(parse(['<tool:read_file><param:path>a.ts'])).toContainEqual({
      type: 'malformed',
      name: 'read_file',
      reason: "parameter 'path' of tool 'read_file' was not closed with </param:path>",
    });
  });

  it('reports stray text inside a block', () => {
    expect(parse(['<tool:search>query: cats</tool:search>'])).toContainEqual({
      type: 'malformed',
      name: 'search',
      reason: "unexpected text 'query: cats</tool:search>' inside tool 'search'",
    });
  });

  it('after a malformed block, drops the text but reports the start of a next tool, and reads no further', () => {
    expect(
      parse([
        'Go <tool:a>stray text that no tool block has in it</tool:a> then <tool:b><param:p>v</param:p></tool:b> tail',
      ]),
    ).toEqual([
      { type: 'text', text: 'Go ' },
      { type: 'tool-start', name: 'a' },
      {
        type: 'malformed',
        name: 'a',
        reason: "unexpected text 'stray text that no tool block has in it<' inside tool 'a'",
      },
      { type: 'tool-start', name: 'b' },
    ]);
  });

  it('gives the same result for every split of the same text (1,000+ random splits)', () => {
    const texts = [
      sample,
      `${sample}\n\nThen: <tool:write_file><param:path>b.ts</param:path><param:content>x < y</param:content></tool:write_file> tail`,
      'no tools here, only < and > and <tool: fragments',
      '<tool:open_only><param:p>never closed',
      'a <tool:not a name <tool:real> inside</tool:real> after',
      '<tool:t>  \n <param:p>v</param:p> </tool:t> rest',
      '<tool:t></tool:other',
      '<tool:t>  <param:p>v</param:p> </tool:other> and what follows is dropped',
      'x <tool:t>stray text<tool:u></tool:u>',
      '<tool:t><param:bad name>v</param:bad name></tool:t>',
      '<tool:t> <param:p',
    ];
    for (const text of texts) {
      const whole = parse([text]);
      fc.assert(
        fc.property(
          fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 12 }),
          (cuts) => {
            const sorted = [...cuts].sort((left, right) => left - right);
            const pieces = [0, ...sorted].map((start, index) =>
              text.slice(start, sorted[index] ?? text.length),
            );
            expect(parse(pieces)).toEqual(whole);
          },
        ),
        { numRuns: 1000 },
      );
    }
  });

  it('gives the same result when fed one character at a time', () => {
    expect(parse(Array.from(sample))).toEqual(parse([sample]));
  });

  it.each([
    ['a tag whose name never ends', 'Before <tool:', ''],
    ['a parameter tag that never ends', 'Go. <tool:read_file>\n  <param:', ''],
    ['a closing tag that never ends', 'Go. <tool:read_file><param:p>v</param:p></tool:read_file', ' tail'],
  ])('reads %s, 500,000 characters long, five at a time, as it reads it whole', (_label, head, tail) => {
    const text = `${head}${'x'.repeat(500_000)}${tail}`;
    const pieces = Array.from({ length: Math.ceil(text.length / 5) }, (_unused, index) =>
      text.slice(index * 5, index * 5 + 5),
    );
    expect(parse(pieces)).toEqual(parse([text]));
  });
});
