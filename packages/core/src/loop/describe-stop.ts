import { countNoun } from '../internal/count-noun.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';
import type { BuiltinStopReason } from './stop-reason.js';
import type { TurnEnding } from './turn-ending.js';

type LimitOptions = Pick<
  ResolvedLoopOptions,
  'maxIterations' | 'maxConsecutiveErrors' | 'timeoutMs' | 'maxToolCallsPerMessage' | 'maxToolCallsPerSession'
>;

/** The sentences of the endings that come without a detail of their own. */
const sentences = new Map<BuiltinStopReason, (options: LimitOptions) => string>([
  [
    'max_iterations',
    (options) => `reached the limit of ${countNoun(options.maxIterations, 'model request')}`,
  ],
  [
    'consecutive_errors',
    (options) => `${countNoun(options.maxConsecutiveErrors, 'tool call')} failed in a row`,
  ],
  ['timeout', (options) => `the turn took longer than ${options.timeoutMs} ms`],
  [
    'tool_limit',
    (options) => `reached the limit of ${countNoun(options.maxToolCallsPerMessage, 'tool call')} per message`,
  ],
  [
    'session_tool_limit',
    (options) => `reached the limit of ${countNoun(options.maxToolCallsPerSession, 'tool call')} per session`,
  ],
  ['refusal', () => 'the model declined to answer'],
  ['max_tokens', () => "the model's output reached its token limit"],
]);

/**
 * A short sentence, for status lines and error events, saying why a turn stopped. An ending that comes with a
 * `detail` has said it already: the model's own words (`gave_up`), an error's message, the limit or budget it
 * passed, a `stopWhen` condition's sentence; `unknown_tool`'s detail is the tool's name. The caps and the
 * model's own endings carry none and are described here; a `stopWhen` reason without a sentence is its name.
 * (A turn that answered, hit its round cap or waits for approval reports itself without one.)
 */
export function describeStop(
  { reason, detail }: Pick<TurnEnding, 'reason' | 'detail'>,
  options: LimitOptions,
): string {
  if (detail !== undefined)
    return reason === 'unknown_tool' ? `the model called unknown tool '${detail}'` : detail;
  return sentences.get(reason as BuiltinStopReason)?.(options) ?? reason;
}
