import type { ActivityTracker } from '../internal/create-activity-tracker.js';
import type { RequestRetention } from '../records/create-request-retention.js';
import type { FakeLlmRecords, FakeLlmScriptState } from '../script/fake-llm-script-handle.js';

/** The id of the script given to `createFakeLlm`, which answers requests that name no script. */
export const defaultScriptId = 'default';

/** Everything one fake LLM keeps: its scripts by id, the records of all of them, and the work in flight. */
export interface FakeLlmState {
  routes: Map<string, FakeLlmScriptState>;
  records: FakeLlmRecords;
  /** Bounds the bytes of request bodies and headers the records keep. */
  retention: RequestRetention;
  /** The largest request body read, in bytes; a larger one is refused with a 413. */
  maxRequestBytes: number;
  /** The shortest prefix, in estimated tokens, the Messages API prompt cache writes. */
  minCacheableTokens: number;
  /** The rules `strictness.relax` named: the fake does not apply them. */
  relaxedRules: ReadonlySet<string>;
  activity: ActivityTracker;
  /** Aborted by `fake.close()`: ends every wait and open stream; replaced so the fake can listen again. */
  shutdown: AbortController;
  /** Requests whose answer is under way, kept reachable by `holdRequest`. */
  answering: Set<Request>;
}

const requestSignals = new WeakMap<Request, AbortSignal>();

/**
 * The signal that aborts when the client of `request` goes away or the fake closes: made once per request, since
 * reading its body and answering it both end with it.
 */
export function requestSignal(request: Request, state: FakeLlmState): AbortSignal {
  let signal = requestSignals.get(request);
  if (signal === undefined) {
    signal = AbortSignal.any([request.signal, state.shutdown.signal]);
    requestSignals.set(request, signal);
  }
  return signal;
}

/**
 * Keeps `request` reachable until the returned function is called (once the answer no longer waits on its
 * signal). A `Request` made in the client's own process with a `signal` (`new Request(input, init)` in a custom
 * `fetch`) follows that signal only while the `Request` object is alive: the runtime links the two through a weak
 * reference. A client that awaits its stream holds the response, not the request, so a garbage collection could
 * otherwise cut the link, and the client's abort would never reach a stream left waiting for it.
 */
export function holdRequest(request: Request, state: FakeLlmState): () => void {
  state.answering.add(request);
  return () => {
    state.answering.delete(request);
  };
}
