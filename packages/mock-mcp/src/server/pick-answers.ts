import type { InputRound } from './input-request.js';

/**
 * The answers a 2026-07-28 retry brings to the questions of `round`, by name; `undefined` unless it answers
 * every one of them (the round is then asked again). Answers to other questions are left out.
 */
export function pickAnswers(options: {
  round: InputRound;
  responses: Record<string, unknown> | undefined;
}): Record<string, unknown> | undefined {
  const names = Object.keys(options.round);
  const answered = Object.fromEntries(
    names.flatMap((name) => {
      // Own properties only: a question named like an Object member (`constructor`) is not answered by it.
      const { responses } = options;
      const answer = responses !== undefined && Object.hasOwn(responses, name) ? responses[name] : undefined;
      return answer === undefined ? [] : [[name, answer]];
    }),
  );
  return Object.keys(answered).length === names.length ? answered : undefined;
}
