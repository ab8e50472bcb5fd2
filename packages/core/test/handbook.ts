import { expect } from 'vitest';
import { z } from 'zod';
import { runToolLoop } from '../src/loop/run-tool-loop.js';
import type { PausedTurn } from '../src/loop/paused-turn.js';
import type { ToolLoopOptions } from '../src/loop/tool-loop-options.js';
import { collectRun } from '../src/testing/collect-run.js';
import { createScriptedModel } from '../src/testing/scripted-model.js';
import { defineTool } from '../src/tools/define-tool.js';

/** The tests of `contextLimit`: a handbook read one long page a round. */

/** A page of about 2,000 characters: some 500 tokens at the limit's estimate of four characters a token. */
export const page = (topic: string) => `${topic}: ${'The handbook says so. '.repeat(90)}`;

/** A summary model that answers each request with the next of `summaries`, and counts 40 input and 8 output tokens. */
export function summarizer(...summaries: string[]) {
  return createScriptedModel(
    summaries.map((text) => ({ text, usage: { inputTokens: 40, outputTokens: 8 } })),
    { modelId: 'summary-model' },
  );
}

/** The line a summary opens the messages with, before its text. */
export const summaryHeading = '[Summary of the earlier conversation, condensed to save context]';

/** Reads a page; when `approvalFor` is given, a call for that topic waits for approval. */
export function createReadPage(approvalFor?: string) {
  return defineTool({
    name: 'read_page',
    inputSchema: z.object({ topic: z.string() }),
    ...(approvalFor === undefined
      ? {}
      : { needsApproval: ({ topic }: { topic: string }) => topic === approvalFor }),
    execute: ({ topic }) => page(topic),
  });
}

export const readPage = createReadPage();

/** Calls `tool` once per round with topics a, b, c…, `rounds` times (ids call-1, call-2…), then answers. */
export function reader(rounds: number, tool = 'read_page', field = 'topic') {
  return createScriptedModel((_request, index) =>
    index < rounds
      ? { toolCalls: [{ id: `call-${index + 1}`, name: tool, input: { [field]: 'abcdefgh'[index] ?? 'z' } }] }
      : { text: 'Done.' },
  );
}

/**
 * Runs the handbook turn with `options` until it pauses on the approval of page d (the fourth call), keeps the
 * paused turn as JSON as a host would, and resumes it with that call approved.
 */
export async function pauseAndResumeApproved(
  options: Omit<ToolLoopOptions, 'prompt' | 'messages' | 'resume'>,
) {
  const paused = await collectRun(runToolLoop({ ...options, prompt: 'Read the handbook.' }));
  expect(paused.result.stopReason).toBe('approval_required');
  const turn = JSON.parse(JSON.stringify(paused.result.pausedTurn)) as PausedTurn;
  const resumed = await collectRun(
    runToolLoop({ ...options, resume: { turn, decisions: { 'call-4': { approved: true } } } }),
  );
  return { paused, resumed };
}
