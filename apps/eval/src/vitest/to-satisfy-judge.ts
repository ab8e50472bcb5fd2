import type { Message, Model } from '@toolloop/core';
import type { MatcherResult, MatcherState } from 'vitest';
import type { TurnReport } from '../report/run-report.js';
import { judgeExpectationSchema } from '../judge/judge-schema.js';
import { dirname, resolve } from 'node:path';
import { judgeRequestOf, runJudge, verdictOf, type JudgeVerdict } from '../judge/run-judge.js';
import {
  describeJudgeDrift,
  judgeRecordingFormat,
  readJudgeRecording,
  writeJudgeRecording,
} from './judge-recording.js';
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
  /**
   * A file that keeps the judge's grade (relative to the test file): graded live once and written, then replayed
   * offline, without calling `model`, as long as the judge's request is the same. A request that changed (the
   * turn's answer, its tool calls, the rubric, the judge's model) fails, saying what changed.
   */
  recording?: string;
  /** With `recording`: grade again, live, and write the recording anew. */
  update?: boolean;
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
  { rubric, model, scale, threshold, minScore, prompt, recording, update = false }: JudgeMatcherOptions,
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
  const judge = parsed.data;
  const turns = [turn as TurnReport];
  const modelName = `${model.provider}/${model.modelId}`;
  const file = recording === undefined ? undefined : resolve(dirname(this.testPath ?? '.'), recording);
  const recorded = file === undefined || update ? undefined : await readJudgeRecording(file);
  let verdict: JudgeVerdict;
  if (recorded === undefined) {
    verdict = await runJudge({ judge, turns, model, prompt, minScore });
    if (file !== undefined && verdict.error === undefined && verdict.score !== undefined) {
      await writeJudgeRecording(file, {
        format: judgeRecordingFormat,
        version: 1,
        model: modelName,
        ...judgeRequestOf({ judge, turns, prompt }),
        score: verdict.score,
        reasons: verdict.reasons ?? '',
        usage: verdict.usage,
      });
    }
  } else {
    const drift = describeJudgeDrift(recorded, {
      model: modelName,
      ...judgeRequestOf({ judge, turns, prompt }),
    });
    if (drift !== undefined) {
      throw new Error(
        `toSatisfyJudge: the judge's request drifted from its recording ${recording}: ${drift}. Grade it again with update: true, or delete the file.`,
      );
    }
    verdict = verdictOf({
      judge,
      model: modelName,
      minScore,
      answer: { score: recorded.score, reasons: recorded.reasons },
      usage: recorded.usage,
    });
  }
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
