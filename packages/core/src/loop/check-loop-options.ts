import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Message } from '../model/messages.js';
import { checkResume } from './check-resume.js';
import { waitingCalls, type ResumeTurn } from './paused-turn.js';
import type { ToolLoopOptions } from './tool-loop-options.js';

/**
 * The checks of `runToolLoop`'s options that look at more than one option (each option alone is
 * `toolLoopOptionsSchema`'s), each throwing `InvalidArgumentError` that names the option.
 */

/** A resume, checked, which continues its paused transcript and so comes without messages or a prompt. */
export function checkResumeOption(options: ToolLoopOptions): ResumeTurn | undefined {
  if (options.resume === undefined) return undefined;
  const resume = checkResume(options.resume);
  if (options.messages !== undefined || options.prompt !== undefined) {
    throw new InvalidArgumentError({
      argument: 'resume',
      message: 'a resumed turn continues the paused transcript: give neither messages nor prompt with it.',
    });
  }
  return resume;
}

/** A turn needs something to answer: a prompt, or at least one message. */
export function checkSomethingToAnswer(messages: readonly Message[]): void {
  if (messages.length === 0) {
    throw new InvalidArgumentError({
      argument: 'messages',
      message: 'pass `prompt` or at least one message.',
    });
  }
}

/**
 * A new turn's transcript does not end with tool calls that wait for their results: the APIs refuse a request
 * that holds them, and the turn would answer them as its own. A paused turn goes on through `resume`.
 */
export function checkNoWaitingCalls(messages: readonly Message[]): void {
  const waiting = waitingCalls(messages);
  if (waiting.length > 0) {
    throw new InvalidArgumentError({
      argument: 'messages',
      message: `the last message holds tool calls without results (${waiting.map((call) => call.id).join(', ')}); answer them in a tool message, or continue a paused turn with \`resume\`.`,
    });
  }
}
