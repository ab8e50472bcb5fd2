import { describe, expect, it } from 'vitest';
import { issuesOf } from '../../test/spec-issues.js';
import { parseMockServerSpec } from './parse-mock-server-spec.js';
import { parseMockServerSpecText } from './load-mock-server-spec.js';

const search = { name: 'search', responses: [{ text: 'found' }] };
const lookup = { name: 'lookup', responses: [{ text: 'looked up' }] };

describe('changes', () => {
  it('takes changes by call count (of any tool or of one) and by turn, filling tool defaults', () => {
    const spec = parseMockServerSpec({
      tools: [search],
      changes: [
        { after: { calls: 2 }, add: [lookup] },
        { after: { calls: 1, tool: 'lookup' }, replace: [{ name: 'lookup', responses: [{ text: 'v2' }] }] },
        { after: { turn: 3 }, remove: ['search'] },
      ],
    });
    expect(spec.changes).toEqual([
      { after: { calls: 2 }, add: [{ ...lookup, inputSchema: { type: 'object' } }] },
      {
        after: { calls: 1, tool: 'lookup' },
        replace: [{ name: 'lookup', inputSchema: { type: 'object' }, responses: [{ text: 'v2' }] }],
      },
      { after: { turn: 3 }, remove: ['search'] },
    ]);
    expect(parseMockServerSpec(JSON.parse(JSON.stringify(spec)))).toEqual(spec);
  });

  it('refuses unknown fields of a change and of its trigger, naming them', () => {
    expect(
      issuesOf({
        tools: [search],
        changes: [{ after: { calls: 1, tols: 'x' }, remove: ['search'], ad: [] }],
      }),
    ).toEqual([
      { path: 'changes[0].after.tols', message: "Unknown field 'tols'." },
      { path: 'changes[0].ad', message: "Unknown field 'ad'." },
    ]);
  });

  it('refuses a trigger with both calls and turn, with neither, or with tool beside turn', () => {
    expect(
      issuesOf({
        transport: 'http',
        tools: [search],
        changes: [
          { after: { calls: 1, turn: 2 }, remove: ['search'] },
          { after: {}, add: [lookup] },
          { after: { turn: 2, tool: 'search' }, remove: ['lookup'] },
        ],
      }),
    ).toEqual([
      { path: 'changes[0].after', message: 'Give either calls (with an optional tool) or turn.' },
      { path: 'changes[1].after', message: 'Give either calls (with an optional tool) or turn.' },
      { path: 'changes[2].after.tool', message: 'tool counts calls; it goes with calls, not with turn.' },
    ]);
  });

  it('refuses a change that does nothing', () => {
    expect(issuesOf({ tools: [search], changes: [{ after: { calls: 1 } }] })).toEqual([
      { path: 'changes[0]', message: 'A change needs remove, replace or add.' },
    ]);
  });

  it('refuses to remove or replace a tool the changes before it removed, and to add one that is there', () => {
    expect(
      issuesOf({
        tools: [search, lookup],
        changes: [
          { after: { calls: 1 }, remove: ['search'] },
          { after: { calls: 2 }, remove: ['search'], replace: [{ name: 'search', responses: [] }] },
          { after: { calls: 3 }, add: [{ name: 'lookup', responses: [] }] },
        ],
      }),
    ).toEqual([
      {
        path: 'changes[1].remove[0]',
        message: "Cannot remove 'search': no such tool at this change. Tools: lookup.",
      },
      {
        path: 'changes[1].replace[0].name',
        message:
          "Cannot replace 'search': no such tool at this change (use add for a new one). Tools: lookup.",
      },
      {
        path: 'changes[2].add[0].name',
        message: "Cannot add 'lookup': the server has a tool of that name at this change (use replace).",
      },
    ]);
  });

  it('refuses to count the calls of a tool the server does not have at that change', () => {
    expect(
      issuesOf({ tools: [search], changes: [{ after: { calls: 1, tool: 'serch' }, add: [lookup] }] }),
    ).toEqual([
      {
        path: 'changes[0].after.tool',
        message: "'serch' is no tool of this server at this change. Tools: search.",
      },
    ]);
  });

  it('refuses a turn trigger on a stdio server, which is not told of turns', () => {
    expect(
      issuesOf({
        transport: 'stdio',
        tools: [search],
        changes: [{ after: { turn: 2 }, remove: ['search'] }],
      }),
    ).toEqual([
      {
        path: 'changes[0].after.turn',
        message:
          'A stdio server runs in a process of its own that is not told of turns; use after.calls, or transport memory or http.',
      },
    ]);
  });

  it("checks an added tool's samples against the tools after the change", () => {
    const sampler = {
      name: 'ask',
      responses: [{ sample: { messages: [{ role: 'user', content: 'Go' }], tools: ['search'] } }],
    };
    expect(
      issuesOf({ tools: [search], changes: [{ after: { calls: 1 }, remove: ['search'], add: [sampler] }] }),
    ).toEqual([
      {
        path: 'changes[0].add[0].responses[0].sample.tools[0]',
        message: "Sample offers tool 'search', which is not a tool of this server. Tools: ask.",
      },
    ]);
  });

  it('names the line and column of a wrong remove in a YAML file', () => {
    const text = [
      'tools:',
      '  - { name: search, responses: [{ text: found }] }',
      'changes:',
      '  - after: { calls: 1 }',
      '    remove: [serch]',
    ].join('\n');
    expect(() => parseMockServerSpecText({ text, file: 'catalog.yaml' })).toThrow(
      "catalog.yaml:5:14 changes[0].remove[0]: Cannot remove 'serch': no such tool at this change. Tools: search.",
    );
  });
});
