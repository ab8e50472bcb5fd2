import type { Model, ToolLoopOptions, Usage } from '@toolloop/core';
import { z } from 'zod';
import type { TurnReport } from '../report/run-report.js';
import { defaultJudgePrompt, renderJudgePrompt, renderJudgeRequest } from './judge-prompt.js';
import { defaultJudgeScale, defaultMinScore, type JudgeExpectation } from './judge-schema.js';
import { renderTranscript } from './render-transcript.js';
import { askForAnswer } from '../side/ask-for-answer.js';

/** What a judge said of a turn, as every reporter shows it beside the turn. */
export interface JudgeVerdict {
  rubric: string;
  scope: 'turn' | 'conversation';
  /** The judge's model, as `provider/model`. */
  model: string;
  scale: { min: number; max: number };
  /** The lowest score that passes. */
  threshold: number;
  score?: number;
  reasons?: string;
  passed: boolean;
  /** Why the judge gave no score: its answer did not fit, or its request failed. */
  error?: string;
  /** The judge's own tokens, apart from the agent's. */
  usage: Usage;
  /** What those tokens cost, when the scenario's prices name the judge's model. */
  cost?: number;
}

/** The answer a judge must give: JSON with a number and its reasons. */
const answerSchema = z.object({ score: z.number(), reasons: z.string() });

/** The lowest passing score of a judge: its own threshold, else `minScore` of the way up its scale. */
export function thresholdOf(judge: JudgeExpectation, minScore = defaultMinScore): number {
  const { min, max } = judge.scale ?? defaultJudgeScale;
  // Rounded to 12 digits: 0 + 100 × 0.55 is 55.00000000000001 in floating point, and a 55 must pass.
  return judge.threshold ?? Number((min + (max - min) * minScore).toPrecision(12));
}

/** The judge's request: its instructions (the system prompt) and the user message with the rubric and transcript. */
export function judgeRequestOf({
  judge,
  turns,
  prompt = defaultJudgePrompt,
}: {
  judge: JudgeExpectation;
  turns: readonly TurnReport[];
  prompt?: string | undefined;
}): { system: string; prompt: string } {
  const graded = judge.scope === 'conversation' ? turns : turns.slice(-1);
  return {
    system: renderJudgePrompt(prompt, judge.scale ?? defaultJudgeScale),
    prompt: renderJudgeRequest({ rubric: judge.rubric, transcript: renderTranscript(graded) }),
  };
}

/**
 * The verdict of a judge's answer: it passes at the threshold; a score outside the scale, or no answer (`error`),
 * does not. `model` is the judge's, as `provider/model`.
 */
export function verdictOf({
  judge,
  model,
  minScore,
  answer,
  usage,
  cost,
}: {
  judge: JudgeExpectation;
  model: string;
  minScore?: number | undefined;
  answer: { score: number; reasons: string } | { error: string };
  usage: Usage;
  cost?: number | undefined;
}): JudgeVerdict {
  const scale = judge.scale ?? defaultJudgeScale;
  const base = {
    rubric: judge.rubric,
    scope: judge.scope,
    model,
    scale,
    threshold: thresholdOf(judge, minScore),
  };
  const spent = { usage, ...(cost === undefined ? {} : { cost }) };
  if ('error' in answer) return { ...base, passed: false, error: answer.error, ...spent };
  const { score, reasons } = answer;
  if (score < scale.min || score > scale.max) {
    return {
      ...base,
      score,
      reasons,
      passed: false,
      error: `the judge's score ${score} is outside its scale (${scale.min} to ${scale.max})`,
      ...spent,
    };
  }
  return { ...base, score, reasons, passed: score >= base.threshold, ...spent };
}

/**
 * Has `model` grade `turns` (the judged turn, or the conversation up to it) against the judge's rubric: one
 * request with the judge's instructions, the rubric and the transcript (`judgeRequestOf`), whose answer must be
 * `{ score, reasons }` with the score within the scale. An answer that does not fit, or a request that fails, is
 * a verdict with an `error` that does not pass.
 */
export async function runJudge({
  judge,
  turns,
  model,
  prompt,
  minScore,
  prices,
  signal,
}: {
  judge: JudgeExpectation;
  turns: readonly TurnReport[];
  model: Model;
  /** The judge's instructions, `{{min}}` and `{{max}}` filled in from its scale. */
  prompt?: string | undefined;
  minScore?: number | undefined;
  /** Prices per million tokens by model id: the judge's cost, when they name its model. */
  prices?: ToolLoopOptions['prices'] | undefined;
  signal?: AbortSignal | undefined;
}): Promise<JudgeVerdict> {
  const answered = await askForAnswer({
    who: 'the judge',
    model,
    ...judgeRequestOf({ judge, turns, prompt }),
    schema: answerSchema,
    prices,
    signal,
  });
  return verdictOf({
    judge,
    model: `${model.provider}/${model.modelId}`,
    minScore,
    answer: 'answer' in answered ? answered.answer : { error: answered.error },
    usage: answered.usage,
    cost: answered.cost,
  });
}
