import { defineTool } from '@toolloop/core';
import { SessionManager } from '@toolloop/core/session';
import { createScriptedModel } from '@toolloop/core/testing';
import { createColors } from 'picocolors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderChunk, type Screen } from './render-chunk.js';

const clearLine = '\r\u001b[2K';

/** What a terminal shows once the output is written: each line as it ends, a cleared line gone. */
function toScreenLines(output: string): string[] {
  return output
    .split('\n')
    .map((line) => line.split(clearLine).at(-1) ?? '')
    .filter((line) => line !== '');
}

/** Renders one message of a real session whose model calls `query` three times, and the tool always fails. */
async function renderTurnThatStops(): Promise<string[]> {
  const query = defineTool({
    name: 'query',
    description: 'Runs a query',
    inputSchema: z.object({}),
    execute: () => {
      throw new Error('connection refused');
    },
  });
  const call = { toolCalls: [{ name: 'query', input: {} }] };
  const manager = new SessionManager({
    createModel: () => createScriptedModel([call, call, call]),
    tools: [query],
  });
  try {
    const session = await manager.initializeSession({ type: 'claude', model: 'claude-sonnet-4-6' });
    let output = '';
    const screen: Screen = { write: (text) => void (output += text), line: 'empty' };
    for await (const chunk of manager.sendMessageStream(session.id, 'How many users?'))
      renderChunk({ chunk, screen, colors: createColors(false) });
    return toScreenLines(output);
  } finally {
    await manager.dispose();
  }
}

describe('renderChunk', () => {
  it('shows why a turn stopped once, on the stop line', async () => {
    const lines = await renderTurnThatStops();

    expect(lines.filter((line) => /stopped/i.test(line))).toEqual([
      '[stopped: consecutive_errors (3 tool calls failed in a row) · 3 tool calls this session]',
    ]);
    expect(lines.at(-1)).toBe(
      '[stopped: consecutive_errors (3 tool calls failed in a row) · 3 tool calls this session]',
    );
  });

  it("shows a failed call's error once, as its result", async () => {
    const lines = await renderTurnThatStops();

    expect(lines.slice(0, 3)).toEqual([
      '→ query {}',
      "← Tool 'query' failed: connection refused",
      '→ query {}',
    ]);
  });
});
