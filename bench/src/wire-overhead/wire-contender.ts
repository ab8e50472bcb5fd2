import type { WireId } from './wire-id.js';

/** Who runs the loop: the hand-written loop on the wire's official SDK, or `runToolLoop` with its provider. */
export type WireContenderRole = 'floor' | 'toolloop';

/** One way of running the benchmark's tool loop on one wire against the fake LLM. */
export interface WireContender {
  wire: WireId;
  role: WireContenderRole;
  /**
   * Runs one whole loop against the fake LLM's script at `scriptURL` (the served fake's `/script/<id>` root,
   * to which each SDK adds its own path), with a client made for this run; throws when the run did not end with
   * the scripted answer after every round.
   */
  run(scriptURL: string): Promise<void>;
}

/** The error of a loop that did not end with the scripted answer after the expected number of rounds. */
export function createUnfinishedLoopError({
  contender,
  request,
  answer,
}: {
  contender: string;
  request: number;
  answer: string;
}): Error {
  return new Error(`${contender} ended after ${request} rounds with '${answer}'.`);
}
