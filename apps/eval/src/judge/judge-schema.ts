import { z } from 'zod';
import { scenarioProviderSchema } from '../scenario/wires.js';

/** The scale of a judge's scores: 1 to 5 unless a judge says otherwise. */
export const defaultJudgeScale = { min: 1, max: 5 } as const;

/** How far up its scale a judge with no `threshold` must score, as a fraction of the scale (`--min-score`). */
export const defaultMinScore = 0.75;

const scaleSchema = z
  .strictObject({
    min: z.number().describe('The lowest score: the rubric is not met at all.'),
    max: z.number().describe('The highest score: the rubric is fully met.'),
  })
  .refine((scale) => scale.min < scale.max, 'min must be below max');

/** `expect.judge`: a model grades the turn (or the conversation so far) against a rubric. */
export const judgeExpectationSchema = z
  .strictObject({
    rubric: z
      .string()
      .min(1)
      .describe(
        "What the answer must do, in words: what the judge grades the turn's answer, calls and results by.",
      ),
    scope: z
      .enum(['turn', 'conversation'])
      .default('turn')
      .describe(
        "What the judge reads: this turn (default), or the whole conversation up to this turn's end.",
      ),
    scale: scaleSchema.optional().describe('The range of scores: { min, max }. Default: 1 to 5.'),
    threshold: z
      .number()
      .optional()
      .describe(
        "The lowest score that passes, within the scale. Default: three quarters of the way up the scale (4 of 1 to 5), or as far as the run's --min-score says.",
      ),
    model: z
      .string()
      .min(1)
      .optional()
      .describe("The judge's model, for this judge only. Default: the scenario's `judge.model`."),
  })
  .superRefine((judge, context) => {
    const { min, max } = judge.scale ?? defaultJudgeScale;
    if (judge.threshold !== undefined && (judge.threshold < min || judge.threshold > max)) {
      context.addIssue({
        code: 'custom',
        path: ['threshold'],
        message: `the threshold must be within the scale (${min} to ${max})`,
      });
    }
  });

export type JudgeExpectation = z.output<typeof judgeExpectationSchema>;

/** One answer of a scripted judge: what the fake LLM answers a judge's request with. */
export const judgeAnswerSchema = z.strictObject({
  score: z.number().describe('The score the judge gives.'),
  reasons: z.string().describe('Why, in the words a report shows beside the turn.'),
});

export type JudgeAnswer = z.output<typeof judgeAnswerSchema>;

/** A scenario's `judge`: which model grades its turns, with what instructions, and (scripted) what it answers. */
export const scenarioJudgeSchema = z.strictObject({
  provider: scenarioProviderSchema
    .optional()
    .describe("The judge's provider (its wire). Default: the scenario's provider."),
  model: z
    .string()
    .min(1)
    .optional()
    .describe(
      "The judge's model. Default: the provider's default model (the scenario's model on its provider).",
    ),
  prompt: z
    .string()
    .min(1)
    .optional()
    .describe(
      "The judge's instructions (its system prompt) instead of the built-in ones; {{min}} and {{max}} are replaced by the scale's ends. The rubric and the transcript follow in the user message.",
    ),
  script: z
    .array(judgeAnswerSchema)
    .min(1)
    .optional()
    .describe(
      "In a scripted run, the fake LLM's answers to the judges' requests, in the order the judges grade: { score, reasons } each.",
    ),
});

export type ScenarioJudge = z.output<typeof scenarioJudgeSchema>;
