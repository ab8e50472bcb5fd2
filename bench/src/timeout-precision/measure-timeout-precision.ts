import { defineTool, runToolLoop } from '@toolloop/core';
import { createFakeLlm } from '@toolloop/fake-llm';
import { anthropic } from '@toolloop/providers/anthropic';
import { summarize, type Summary } from '../stats/summarize.js';

/** What the timeout precision benchmark measured. */
export interface TimeoutPrecisionResult {
  timeoutMs: number;
  runs: number;
  /** Milliseconds from the deadline (call time + `timeoutMs`) to `result` resolving, as the caller sees it. */
  overshootMs: Summary;
  /** The same from the loop's own clock: `result.durationMs - timeoutMs`. */
  reportedOvershootMs: Summary;
  samples: number[];
}

/**
 * The timeout precision benchmark: `runs` turns in which the model (the fake LLM over HTTP) calls a tool that
 * never settles and ignores its abort signal, under `timeoutMs`. Each turn must stop with `timeout`; the figure
 * is how long after the deadline the caller got the result.
 */
export async function measureTimeoutPrecision({
  timeoutMs = 50,
  warmupRuns,
  runs,
}: {
  timeoutMs?: number;
  warmupRuns: number;
  runs: number;
}): Promise<TimeoutPrecisionResult> {
  const fake = createFakeLlm({
    name: 'timeout precision',
    steps: Array.from({ length: warmupRuns + runs }, () => ({
      toolCalls: [{ name: 'hang', input: {} }],
    })),
  });
  const server = await fake.serve();
  const model = anthropic({ model: 'claude-haiku-4-5', apiKey: 'bench', baseURL: server.url, maxRetries: 0 });
  const hang = defineTool({
    name: 'hang',
    description: 'Never answers.',
    inputSchema: { type: 'object', properties: {} },
    execute: () => new Promise<never>(() => undefined),
  });
  try {
    const overshoots: number[] = [];
    const reported: number[] = [];
    for (let run = 0; run < warmupRuns + runs; run += 1) {
      const startedAt = performance.now();
      const result = await runToolLoop({
        model,
        tools: [hang],
        prompt: 'Wait.',
        timeoutMs,
        statusMessages: 'off',
      }).result;
      const overshoot = performance.now() - (startedAt + timeoutMs);
      if (result.stopReason !== 'timeout') throw new Error(`The turn stopped with ${result.stopReason}.`);
      if (run < warmupRuns) continue;
      overshoots.push(overshoot);
      reported.push(result.durationMs - timeoutMs);
    }
    return {
      timeoutMs,
      runs,
      overshootMs: summarize(overshoots),
      reportedOvershootMs: summarize(reported),
      samples: overshoots,
    };
  } finally {
    await server.close();
    await fake.close();
  }
}
