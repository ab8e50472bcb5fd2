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

/**
 * The turn a contender runs: `rounds` calls of the echo tool, each returning `toolOutput` (`'ok'` by default),
 * asked of `model` (by default the loop script's model; a turn whose results outgrow its 200,000-token context
 * names a model with a larger one, since the fake LLM refuses a prompt too long as the API does).
 */
export interface LoopShape {
  rounds: number;
  toolOutput?: string;
  model?: string;
}

/** The contenders of the loop benchmark, in the order they run each round. */
export type LoopContenderId =
  | 'floor'
  | 'sdk-loop'
  | 'toolloop-provider'
  | 'toolloop'
  | 'toolloop-context-limit'
  | 'anthropic-tool-runner'
  | 'vercel-ai';

/**
 * The ids in run order: the floor first; a loop on the bare SDK and toolloop's provider alone, the steps between
 * the floor and toolloop; then toolloop, then the peers.
 */
export const loopContenderIds: readonly LoopContenderId[] = [
  'floor',
  'sdk-loop',
  'toolloop-provider',
  'toolloop',
  'anthropic-tool-runner',
  'vercel-ai',
];

/** The other libraries toolloop is compared with. */
export const loopPeerIds: readonly LoopContenderId[] = ['anthropic-tool-runner', 'vercel-ai'];
