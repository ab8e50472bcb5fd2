import type { Message, Model } from '@toolloop/core';
import type { MatcherResult, MatcherState } from 'vitest';
import type { TurnReport } from '../report/run-report.js';
import { judgeExpectationSchema } from '../judge/judge-schema.js';
import { runJudge } from '../judge/run-judge.js';
import { readStopReason, readToolCalls } from './read-loop-result.js';

/** What `toSatisfyJudge` grades with: a scenario's `expect.judge`, and the model that judges. */
export interface JudgeMatcherOptions {
  /** What the answer must do, in words. */
  rubric: string;
  /** The judge: any `Model` (a provider's, or `createScriptedModel` to test the wiring). */
  model: Model;
  /** The range of scores. Default: 1 to 5. */
  scale?: { min: number; max: number };
  /** The lowest passing score. Default: `minScore` of the way up the scale. */
  threshold?: number;
  /** How far up its scale the score must be, without a `threshold` (0 to 1). Default 0.75. */
  minScore?: number;
  /** The judge's instructions instead of the built-in ones (`{{min}}` and `{{max}}` filled in). */
  prompt?: string;
}

/**
 * `await expect(result).toSatisfyJudge({ rubric, model })`: a model grades the turn — its user message (the
 * last in `result.messages`), its tool calls with their results, its answer and stop reason — against the rubric,
 * as a scenario's `expect.judge` does, and the score must reach the threshold. The failure gives the score and
 * the judge's reasons. A judge that cannot grade (its request failed, its answer did not fit) and options that
 * could never pass (a threshold off the scale, a scale upside down) fail the assertion, `.not` or not.
 */
export async function toSatisfyJudge(
  this: MatcherState,
  received: unknown,
  { rubric, model, scale, threshold, minScore, prompt }: JudgeMatcherOptions,
): Promise<Awaited<MatcherResult>> {
  const stopReason = readStopReason(received, 'toSatisfyJudge');
  const toolCalls = readToolCalls(received, 'toSatisfyJudge');
  const { text, messages } = received as { text?: unknown; messages?: unknown };
  const turn: Pick<TurnReport, 'user' | 'toolCalls' | 'text' | 'stopReason'> = {
    user: lastUserText(Array.isArray(messages) ? (messages as Message[]) : []),
    toolCalls: [...toolCalls],
    text: typeof text === 'string' ? text : '',
    stopReason,
  };
  const parsed = judgeExpectationSchema.safeParse({
    rubric,
    ...(scale === undefined ? {} : { scale }),
    ...(threshold === undefined ? {} : { threshold }),
  });
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(options)'}: ${issue.message}`,
    );
    throw new TypeError(`toSatisfyJudge got options that can never pass: ${issues.join('; ')}`);
  }
  if (minScore !== undefined && !(minScore >= 0 && minScore <= 1)) {
    throw new TypeError(
      `toSatisfyJudge got minScore ${minScore}: it is a fraction of the scale, from 0 to 1.`,
    );
  }
  const verdict = await runJudge({
    judge: parsed.data,
    turns: [turn as TurnReport],
    model,
    prompt,
    minScore,
  });
  // A judge that could not grade fails the assertion either way: with `.not` too, a broken judge is no verdict.
  if (verdict.error !== undefined) {
    throw new Error(`toSatisfyJudge: the judge could not grade the turn: ${verdict.error}`);
  }
  const said = `the judge scored ${verdict.score} of ${verdict.scale.max} (threshold ${verdict.threshold}): ${verdict.reasons}`;
  return {
    pass: verdict.passed,
    message: () =>
      verdict.passed
        ? `expected the turn not to satisfy the judge, but ${said}`
        : `expected the turn to satisfy the judge (${rubric}), but ${said}`,
    expected: { rubric, threshold: verdict.threshold },
    actual: { score: verdict.score, reasons: verdict.reasons },
  };
}

/** The text of the last user message: the turn's prompt (tool results come in messages of their own). */
function lastUserText(messages: readonly Message[]): string {
  for (const message of [...messages].reverse()) {
    if (message.role !== 'user') continue;
    return typeof message.content === 'string'
      ? message.content
      : message.content.map((part) => part.text).join('\n');
  }
  return '';
}
