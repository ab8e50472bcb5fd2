/** One way of running the 10-round tool loop against the fake LLM. */
export interface LoopContender {
  /** A short stable id, used in JSON and as the fake LLM's script id. */
  id: LoopContenderId;
  /** The name in tables and the chart. */
  label: string;
  /**
   * Runs one whole loop against the fake LLM at `baseURL` (a fresh script each run, so the fake's checks
   * cost the same every run), with a client made for this run; throws when the run did not end with the
   * scripted answer after every round.
   */
  run(baseURL: string): Promise<void>;
}

/** The contenders of the loop benchmark, in the order they run each round. */
export type LoopContenderId = 'floor' | 'toolloop' | 'anthropic-tool-runner' | 'vercel-ai';

/** The ids in run order: the floor first, then toolloop, then the peers. */
export const loopContenderIds: readonly LoopContenderId[] = [
  'floor',
  'toolloop',
  'anthropic-tool-runner',
  'vercel-ai',
];
