import { Anthropic } from '@anthropic-ai/sdk';
import { runToolLoop } from '@toolloop/core';
import { createFakeLlm, type LlmStep } from '@toolloop/fake-llm';
import { anthropic } from '@toolloop/providers/anthropic';
import { summarize, type Summary } from '../stats/summarize.js';
import { createArrivalRecordingFetch } from './create-arrival-recording-fetch.js';
import { toDeltaLatencies } from './to-delta-latencies.js';

/** What the streaming latency benchmark measured. */
export interface StreamingLatencyResult {
  runs: number;
  chunkDelayMs: number;
  deltasPerRun: number;
  /** Milliseconds from a text delta's bytes reaching the SDK to toolloop's `content` event. */
  toolloop: Summary;
  /** The same to the bare SDK's `content_block_delta` event: the part of the latency that is the SDK's. */
  bareSdk: Summary;
}

const answer =
  'The fake model streams this answer a few words at a time, so that every delta can be timed on its own ' +
  'from the moment its bytes reach the client to the moment the caller sees the text.';

/**
 * The streaming latency benchmark: a text answer streamed by the fake LLM over HTTP in deltas paced
 * `chunkDelayMs` apart, read by toolloop (`content` events) and by the bare SDK, alternating run by run.
 * The fake keeps no per-event timestamps, so bytes are timed where they reach the SDK, through its `fetch`.
 */
export async function measureStreamingLatency({
  chunkDelayMs = 10,
  warmupRuns,
  runs,
}: {
  chunkDelayMs?: number;
  warmupRuns: number;
  runs: number;
}): Promise<StreamingLatencyResult> {
  const steps: LlmStep[] = Array.from({ length: warmupRuns + runs }, () => ({ text: answer, chunkDelayMs }));
  const fake = createFakeLlm();
  fake.script('toolloop', { steps });
  fake.script('sdk', { steps });
  const server = await fake.serve();
  const toolloopFetch = createArrivalRecordingFetch();
  const sdkFetch = createArrivalRecordingFetch();
  const toolloopClient = new Anthropic({
    apiKey: 'bench',
    baseURL: `${server.url}/script/toolloop`,
    fetch: toolloopFetch.fetch,
    maxRetries: 0,
  });
  const sdkClient = new Anthropic({
    apiKey: 'bench',
    baseURL: `${server.url}/script/sdk`,
    fetch: sdkFetch.fetch,
    maxRetries: 0,
  });
  const model = anthropic({ model: 'claude-haiku-4-5', client: toolloopClient });
  const toolloopLatencies: number[] = [];
  const sdkLatencies: number[] = [];
  let deltasPerRun = 0;
  try {
    for (let run = 0; run < warmupRuns + runs; run += 1) {
      toolloopFetch.arrivals.length = 0;
      const toolloopTimes: number[] = [];
      for await (const event of runToolLoop({ model, prompt: 'Talk.', statusMessages: 'off' }))
        if (event.type === 'content') toolloopTimes.push(performance.now());

      sdkFetch.arrivals.length = 0;
      const sdkTimes: number[] = [];
      const stream = await sdkClient.messages.create({
        model: 'claude-haiku-4-5',
        max_tokens: 1024,
        stream: true,
        messages: [{ role: 'user', content: 'Talk.' }],
      });
      for await (const event of stream)
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
          sdkTimes.push(performance.now());

      if (run < warmupRuns) continue;
      deltasPerRun = sdkTimes.length;
      toolloopLatencies.push(
        ...toDeltaLatencies({ arrivals: toolloopFetch.arrivals, eventTimes: toolloopTimes }),
      );
      sdkLatencies.push(...toDeltaLatencies({ arrivals: sdkFetch.arrivals, eventTimes: sdkTimes }));
    }
    return {
      runs,
      chunkDelayMs,
      deltasPerRun,
      toolloop: summarize(toolloopLatencies),
      bareSdk: summarize(sdkLatencies),
    };
  } finally {
    await server.close();
    await fake.close();
  }
}
