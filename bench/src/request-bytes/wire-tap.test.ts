import { describe, expect, it } from 'vitest';
import { countBreakpointBytes } from './wire-tap.js';

const breakpoint = '"cache_control":{"type":"ephemeral"}';

describe('countBreakpointBytes', () => {
  it('counts each breakpoint with its comma, in blocks, tools, the top level and tool results', () => {
    const body = JSON.stringify({
      model: 'm',
      cache_control: { type: 'ephemeral' },
      tools: [{ name: 'echo', input_schema: { type: 'object' }, cache_control: { type: 'ephemeral' } }],
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: [{ type: 'text', text: 'ok', cache_control: { type: 'ephemeral' } }],
            },
          ],
        },
      ],
    });
    expect(countBreakpointBytes(body)).toBe(3 * (breakpoint.length + 1));
  });

  it('counts a breakpoint alone in its object without a comma, and one set to null by its bytes', () => {
    expect(countBreakpointBytes(JSON.stringify({ a: { cache_control: { type: 'ephemeral' } } }))).toBe(
      breakpoint.length,
    );
    expect(countBreakpointBytes(JSON.stringify({ model: 'm', cache_control: null }))).toBe(
      '"cache_control":null'.length + 1,
    );
  });

  it('does not count what a tool call or a tool schema holds under that name', () => {
    const body = JSON.stringify({
      tools: [
        { name: 't', input_schema: { type: 'object', properties: { cache_control: { type: 'object' } } } },
      ],
      messages: [
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 't1', name: 't', input: { cache_control: { type: 'ephemeral' } } },
          ],
        },
      ],
    });
    expect(countBreakpointBytes(body)).toBe(0);
  });
});
