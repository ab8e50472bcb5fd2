import { describe, expect, it } from 'vitest';
import { issuesOf } from '../../test/spec-issues.js';
import { MockSpecError } from '../errors/mock-spec-error.js';
import { parseMockServerSpec } from './parse-mock-server-spec.js';

describe('parseMockServerSpec', () => {
  it('fills the defaults: memory transport, both protocol revisions, object input schema', () => {
    expect(parseMockServerSpec({ tools: [{ name: 'echo', responses: [{ text: 'hi' }] }] })).toEqual({
      transport: 'memory',
      protocol: 'both',
      tools: [{ name: 'echo', inputSchema: { type: 'object' }, responses: [{ text: 'hi' }] }],
    });
  });

  it('validates a validated spec again unchanged, also after a JSON round trip', () => {
    const sample = { messages: [{ role: 'user', content: 'Summarize' }], tools: ['echo'] };
    const spec = parseMockServerSpec({
      transport: 'stdio',
      tools: [
        {
          name: 'echo',
          responses: [{ match: { a: 1 }, throw: 'down', times: 2, delayMs: 5 }, { error: 'no' }],
        },
        { name: 'ask', responses: [{ sample, progress: [{ progress: 1 }] }] },
      ],
    });
    expect(parseMockServerSpec(spec)).toEqual(spec);
    expect(parseMockServerSpec(JSON.parse(JSON.stringify(spec)))).toEqual(spec);
  });

  it('rejects delays longer than a Node.js timer can wait, which would fire at once', () => {
    const delayMs = 3_000_000_000;
    const message =
      'At most 2147483647 ms (about 24.8 days): Node.js timers wait no longer, and a longer delay would fire at once.';
    expect(
      issuesOf({
        tools: [{ name: 'a', responses: [{ text: 'x', delayMs, progress: [{ progress: 1, delayMs }] }] }],
      }),
    ).toEqual([
      { path: 'tools[0].responses[0].delayMs', message },
      { path: 'tools[0].responses[0].progress[0].delayMs', message },
    ]);
  });

  it('rejects an unknown field and names its path', () => {
    expect(issuesOf({ tools: [{ name: 'a', responses: [{ text: 'x' }, { text: 'y', tmes: 2 }] }] })).toEqual([
      { path: 'tools[0].responses[1].tmes', message: "Unknown field 'tmes'." },
    ]);
  });

  it('rejects an unknown top-level field', () => {
    expect(issuesOf({ tools: [], command: 'node' })).toEqual([
      { path: 'command', message: "Unknown field 'command'." },
    ]);
  });

  it('names the path of a wrong value', () => {
    const [issue] = issuesOf({ tools: [{ name: 'a', responses: [{ text: 'x' }, { text: 'y', times: 0 }] }] });
    expect(issue?.path).toBe('tools[0].responses[1].times');
    expect(issue?.message).toContain('>0');
  });

  it('rejects a response with two actions', () => {
    expect(issuesOf({ tools: [{ name: 'a', responses: [{ text: 'x', error: 'y' }] }] })).toEqual([
      {
        path: 'tools[0].responses[0]',
        message:
          'A response does one thing, but this one has text and error. Split it into separate responses.',
      },
    ]);
  });

  it('rejects a response with no action', () => {
    expect(issuesOf({ tools: [{ name: 'a', responses: [{ match: { q: 1 } }] }] })).toEqual([
      {
        path: 'tools[0].responses[0]',
        message:
          'A response needs one of: text, content, structuredContent, error, throw, crash, hang, sample, elicit, inputRequired.',
      },
    ]);
  });

  it('accepts text with structuredContent as one result', () => {
    const spec = parseMockServerSpec({
      tools: [{ name: 'a', responses: [{ text: 'x', structuredContent: { n: 1 } }] }],
    });
    expect(spec.tools[0]?.responses[0]).toEqual({ text: 'x', structuredContent: { n: 1 } });
  });

  it('rejects duplicate tool names', () => {
    expect(
      issuesOf({
        tools: [
          { name: 'a', responses: [] },
          { name: 'a', responses: [] },
        ],
      }),
    ).toEqual([
      {
        path: 'tools[1].name',
        message: "Tool name 'a' is already used by tools[0]; tool names must be unique.",
      },
    ]);
  });

  it('rejects a sample offering a tool the server does not have', () => {
    const sample = {
      messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
      tools: ['search', 'serch'],
    };
    const spec = {
      tools: [
        { name: 'search', responses: [{ text: 'r' }] },
        { name: 'ask', responses: [{ sample }] },
      ],
    };
    expect(issuesOf(spec)).toEqual([
      {
        path: 'tools[1].responses[0].sample.tools[1]',
        message: "Sample offers tool 'serch', which is not a tool of this server. Tools: search, ask.",
      },
    ]);
  });

  it('rejects a sample inside a sample tool result', () => {
    const inner = { messages: [{ role: 'user', content: { type: 'text', text: 'x' } }] };
    const sample = { messages: inner.messages, toolResults: { search: [{ sample: inner }] } };
    expect(issuesOf({ tools: [{ name: 'ask', responses: [{ sample }] }] })).toContainEqual({
      path: 'tools[0].responses[0].sample.toolResults.search[0].sample',
      message: "Unknown field 'sample'.",
    });
  });

  it('names the field inside a union branch that has the right shape', () => {
    expect(issuesOf({ tools: [{ name: 'a', responses: [{ throw: { code: 'x', message: 'm' } }] }] })).toEqual(
      [
        {
          path: 'tools[0].responses[0].throw.code',
          message: 'Invalid input: expected number, received string',
        },
      ],
    );
  });

  it('reads a string as the text content of a sampling message', () => {
    const spec = parseMockServerSpec({
      tools: [
        { name: 'ask', responses: [{ sample: { messages: [{ role: 'user', content: 'Summarize' }] } }] },
      ],
    });
    expect(spec.tools[0]?.responses[0]?.sample?.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Summarize' } },
    ]);
  });

  it('rejects a transport it does not know', () => {
    const [issue] = issuesOf({ transport: 'websocket', tools: [] });
    expect(issue?.path).toBe('transport');
  });

  it('rejects an input schema whose root is not an object', () => {
    const [issue] = issuesOf({ tools: [{ name: 'a', inputSchema: { type: 'string' }, responses: [] }] });
    expect(issue?.path).toBe('tools[0].inputSchema.type');
  });

  it('says in the error message which file and field are wrong', () => {
    const error = new MockSpecError({
      file: 'x.yaml',
      issues: [{ path: 'tools', message: 'bad', line: 3, column: 5 }],
    });
    expect(error.message).toBe('Invalid mock server spec in x.yaml:\n  x.yaml:3:5 tools: bad');
  });
});
