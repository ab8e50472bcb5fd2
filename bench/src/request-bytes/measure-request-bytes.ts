import { createFakeLlm } from '@toolloop/fake-llm';
import { createLoopSteps } from '../loop-overhead/loop-script.js';
import { createRequestBytesContenders, type RequestBytesContenderId } from './request-bytes-contenders.js';
import { createWireTap } from './wire-tap.js';

/** What one contender sent over one loop. */
export interface RequestBytesContenderResult {
  id: RequestBytesContenderId;
  label: string;
  /** The bytes of each request body, in order. */
  bodyBytes: number[];
  /** Of each request body, the bytes of its cache breakpoints (`cache_control` fields). */
  breakpointBytes: number[];
  /** Of each request, whether it carried a `thread` field. */
  threaded: boolean[];
  /** Of each request's input, the share its answer reported read from the prompt cache (0 to 1). */
  cachedShare: number[];
}

/** What the request bytes benchmark measured: the same loop, one run per contender (the figures are exact). */
export interface RequestBytesResult {
  rounds: number;
  contenders: RequestBytesContenderResult[];
}

/**
 * The request bytes benchmark: the `rounds`-round loop of the loop benchmark, with a system prompt long enough
 * to cache, run once by each contender against the fake LLM (which caches prompt prefixes and serves message
 * threads as the Messages API does). Each request's body bytes are counted as the client sent them, and its
 * cached share is read from the usage the fake's answer reported.
 */
export async function measureRequestBytes({ rounds }: { rounds: number }): Promise<RequestBytesResult> {
  const fake = createFakeLlm();
  try {
    const contenders: RequestBytesContenderResult[] = [];
    for (const [index, contender] of createRequestBytesContenders().entries()) {
      // Script ids of one length, so that the reply ids a thread sends back cost every contender the same bytes.
      const scriptId = `contender-${index}`;
      fake.script(scriptId, { name: contender.label, steps: createLoopSteps({ rounds }) });
      const tap = createWireTap(fake);
      await contender.run({
        baseURL: `https://fake-llm.test/script/${scriptId}`,
        fetch: tap.fetch,
        rounds,
      });
      const violations = fake.getScript(scriptId).violations;
      if (violations.length > 0)
        throw new Error(
          `${contender.label}: the fake LLM found ${violations.map((v) => v.message).join('; ')}`,
        );
      contenders.push({
        id: contender.id,
        label: contender.label,
        bodyBytes: tap.exchanges.map((exchange) => exchange.bodyBytes),
        breakpointBytes: tap.exchanges.map((exchange) => exchange.breakpointBytes),
        threaded: tap.exchanges.map((exchange) => exchange.threaded),
        cachedShare: tap.exchanges.map(({ inputTokens, cacheReadTokens, cacheWriteTokens }) => {
          const input = inputTokens + cacheReadTokens + cacheWriteTokens;
          return input === 0 ? 0 : cacheReadTokens / input;
        }),
      });
    }
    return { rounds, contenders };
  } finally {
    await fake.close();
  }
}
