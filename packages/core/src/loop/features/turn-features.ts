import { contextLimitCodec, contextLimitFeature } from './context-limit-feature.js';
import { errorStreakCodec, errorStreakFeature } from './error-streak-feature.js';
import { prepareStepFeature, stopWhenFeature } from './host-hooks.js';
import { iterationLimitFeature } from './iteration-limit-feature.js';
import { noProgressCodec, noProgressFeature } from './no-progress-feature.js';
import { outputCodec } from './output-feature.js';
import { progressivePromptFeature } from './progressive-prompt-feature.js';
import { roundLimitFeature } from './round-limit-feature.js';
import { statusLinesFeature } from './status-lines-feature.js';
import { stoppingCallsFeature } from './stopping-calls-feature.js';
import { tokenBudgetFeature } from './token-budget-feature.js';
import { toolCallLimitsCodec, toolCallLimitsFeature } from './tool-call-limits-feature.js';

/**
 * The built-in features, in the order the cycle asks them at each point. The order is the precedence: before a
 * request, the iteration cap is checked before the context is summarized, and the summary's tokens count in the
 * budget check after it; the request's prompt and tools are settled (progressive prompt, then the host's
 * `prepareStep`) before the context limit shapes its messages; after a round, a stop of the response's own calls comes first, then the error streak,
 * the round's status lines, the host's `stopWhen`, and the caps that ask for a last answer.
 */
export const turnFeatures = [
  iterationLimitFeature,
  progressivePromptFeature,
  prepareStepFeature,
  contextLimitFeature,
  tokenBudgetFeature,
  stoppingCallsFeature,
  errorStreakFeature,
  statusLinesFeature,
  stopWhenFeature,
  toolCallLimitsFeature,
  noProgressFeature,
  roundLimitFeature,
] as const;

/** How each feature that keeps state saves it in a checkpoint, by the name of its slice. */
export const sliceCodecs = [
  toolCallLimitsCodec,
  noProgressCodec,
  errorStreakCodec,
  contextLimitCodec,
  outputCodec,
] as const;
