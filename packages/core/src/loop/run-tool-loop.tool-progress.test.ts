import { describe, expect, it } from 'vitest';
import type { ToolCallRequest, ToolSource } from '../tools/tool-source.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';

/**
 * A source with two tools: `work` reports its progress twice and keeps its reporter; `late`, called after `work`
 * has settled, reports through `work`'s reporter.
 */
function reportingSource(): ToolSource {
  let kept: ToolCallRequest['onProgress'];
  return {
    listTools: () =>
      Promise.resolve([
        { name: 'work', inputSchema: { type: 'object' } },
        { name: 'late', inputSchema: { type: 'object' } },
      ]),
    callTool: (request) => {
      if (request.name === 'work') {
        request.onProgress?.({ message: 'Half done.', progress: 1, total: 2 });
        request.onProgress?.({ message: 'Asked the user.', progress: 1, kind: 'input' });
        request.onProgress?.({ message: 'Almost.' });
        kept = request.onProgress;
      } else {
        kept?.({ message: 'Too late.' });
      }
      return Promise.resolve({ content: [{ type: 'text', text: 'done' }] });
    },
  };
}

describe('a tool call that reports its progress (onProgress)', () => {
  it('streams each report as a tool-progress event between its tool-start and its tool-result, and none after', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { id: 'call_1', name: 'work', input: {} },
          { id: 'call_2', name: 'late', input: {} },
        ],
      },
      { text: 'Finished.' },
    ]);

    const { events, result } = await collectRun(
      runToolLoop({
        model,
        tools: [reportingSource()],
        prompt: 'Work.',
        statusMessages: 'off',
        // One call after the other: `late` runs once `work` has settled, and what `work` says then is dropped.
        toolConcurrency: 1,
      }),
    );

    expect(events.filter((event) => event.type.startsWith('tool-'))).toEqual([
      { type: 'tool-start', toolCallId: 'call_1', name: 'work', input: {}, round: 0 },
      {
        type: 'tool-progress',
        toolCallId: 'call_1',
        name: 'work',
        message: 'Half done.',
        progress: 1,
        total: 2,
        round: 0,
      },
      {
        type: 'tool-progress',
        toolCallId: 'call_1',
        name: 'work',
        message: 'Asked the user.',
        progress: 1,
        kind: 'input',
        round: 0,
      },
      { type: 'tool-progress', toolCallId: 'call_1', name: 'work', message: 'Almost.', round: 0 },
      expect.objectContaining({ type: 'tool-result', toolCallId: 'call_1', isError: false }),
      { type: 'tool-start', toolCallId: 'call_2', name: 'late', input: {}, round: 0 },
      expect.objectContaining({ type: 'tool-result', toolCallId: 'call_2', isError: false }),
    ]);
    expect(result.toolCalls).toHaveLength(2);
  });
});
