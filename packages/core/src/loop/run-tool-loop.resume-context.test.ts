import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import {
  createReadPage,
  page,
  pauseAndResumeApproved,
  reader,
  summarizer,
  summaryHeading,
} from '../../test/handbook.js';
import type { PausedTurn } from './paused-turn.js';
import { runToolLoop } from './run-tool-loop.js';

/** The text of a request's first message. */
function firstText(request: { messages: readonly { content: unknown }[] } | undefined): string {
  const content = request?.messages[0]?.content;
  if (typeof content === 'string') return content;
  const [part] = (content ?? []) as { type: string; text?: string }[];
  return part?.type === 'text' ? (part.text ?? '') : '';
}

describe('contextLimit over an approval pause', () => {
  it('keeps a failed summary failed: the resumed turn clears, and asks the summary model nothing more', async () => {
    // A blank summary fails; a second request, were one made, would get a good one.
    const summary = summarizer('   ', 'Pages a to c.');
    // Pages e and f after the pause take the conversation past the limit again.
    const { paused, resumed } = await pauseAndResumeApproved({
      model: reader(6),
      tools: [createReadPage('d')],
      contextLimit: { maxTokens: 1_400, keepToolResults: 1, summarize: { model: summary } },
    });

    expect(paused.events.filter((event) => event.type === 'warning').map((event) => event.code)).toEqual([
      'context_summary_failed',
      'tool_results_cleared',
    ]);
    expect(resumed.result.stopReason).toBe('completed');
    expect(summary.requests).toHaveLength(1);
    expect(resumed.events.filter((event) => event.type === 'warning').map((event) => event.code)).toEqual([
      'tool_results_cleared',
    ]);
  });

  it.each([
    ['ends before the first message', 0],
    ['covers every message', 8],
  ])(
    'ignores a stored summary that %s (a hand-edited paused turn) and writes its own',
    async (_case, upTo) => {
      const options = {
        model: reader(4),
        tools: [createReadPage('d')],
        contextLimit: {
          maxTokens: 1_400,
          keepToolResults: 1,
          summarize: { model: summarizer('Pages a to c.') },
        },
      };
      const paused = await collectRun(runToolLoop({ ...options, prompt: 'Read the handbook.' }));
      expect(paused.result.stopReason).toBe('approval_required');
      const turn = JSON.parse(JSON.stringify(paused.result.pausedTurn)) as PausedTurn;
      expect(turn.messages).toHaveLength(8);
      const edited: PausedTurn = {
        ...turn,
        features: {
          ...turn.features,
          contextLimit: { cleared: [], summary: { upTo, text: 'Edited by hand.' } },
        },
      };

      const model = createScriptedModel([{ text: 'Done.' }]);
      const summary = summarizer('Pages a to c, again.');
      const resumed = await collectRun(
        runToolLoop({
          ...options,
          model,
          contextLimit: { ...options.contextLimit, summarize: { model: summary } },
          resume: { turn: edited, decisions: { 'call-4': { approved: true } } },
        }),
      );

      expect(resumed.result.stopReason).toBe('completed');
      expect(summary.requests).toHaveLength(1);
      expect(summary.requests[0]?.messages[0]?.content).not.toContain('Edited by hand.');
      expect(firstText(model.requests[0])).toBe(`${summaryHeading}\n\nPages a to c, again.`);
    },
  );

  it('pauses with no summary and nothing cleared when it has cleared and condensed nothing', async () => {
    const { paused } = await pauseAndResumeApproved({
      model: reader(4),
      tools: [createReadPage('d')],
      contextLimit: { maxTokens: 100_000 },
    });

    expect(paused.result.pausedTurn?.features.contextLimit).toEqual({ cleared: [] });
  });

  it('drops cleared call ids that are not text from a hand-edited paused turn', async () => {
    const readPage = defineTool({
      name: 'read_page',
      inputSchema: z.object({ topic: z.string() }),
      needsApproval: ({ topic }) => topic === 'd' || topic === 'f',
      execute: ({ topic }) => page(topic),
    });
    const options = {
      model: reader(6),
      tools: [readPage],
      contextLimit: { maxTokens: 1_400, keepToolResults: 1 },
    };
    const first = await collectRun(runToolLoop({ ...options, prompt: 'Read the handbook.' }));
    const turn = first.result.pausedTurn;
    expect(turn?.features.contextLimit).toEqual({ cleared: ['call-1', 'call-2'] });
    const edited = {
      ...turn,
      features: { ...turn?.features, contextLimit: { cleared: ['call-1', 42, 'call-2'] } },
    } as PausedTurn;

    const second = await collectRun(
      runToolLoop({ ...options, resume: { turn: edited, decisions: { 'call-4': { approved: true } } } }),
    );

    expect(second.result.stopReason).toBe('approval_required');
    expect(second.result.pausedTurn?.features.contextLimit).toEqual({
      cleared: ['call-1', 'call-2', 'call-3', 'call-4'],
    });
  });
});
