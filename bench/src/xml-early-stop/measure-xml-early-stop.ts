import { defineTool, runToolLoop, type Model } from '@toolloop/core';
import { withXmlTools } from '@toolloop/core/xml';
import { createFakeLlm, type FakeLlm, type LlmStep, type XmlToolBlocksRecord } from '@toolloop/fake-llm';
import { openaiCompatible } from '@toolloop/providers/openai';
import { withDeadline } from '../internal/with-deadline.js';
import { summarize, type Summary } from '../stats/summarize.js';

/** One way of reading the two-block response, and what the fake sent for it. */
export interface XmlEarlyStopCase {
  /** Bytes the fake sent from the `<` of the second tool block on. */
  bytesSentAfterSecondBlock: Summary;
  /** Bytes the response had from there, had it been read to the end (ids grow with the run number). */
  bytesPlannedAfterSecondBlock: Summary;
  /** Sent over planned after the second block, per run. */
  shareSent: Summary;
  /** Bytes of the whole response sent. */
  bytesSent: Summary;
  /** Milliseconds from the request to the response being done with (toolloop: the first tool starting). */
  responseMs: Summary;
}

/** What the XML early stop benchmark measured. */
export interface XmlEarlyStopResult {
  runs: number;
  chunkDelayMs: number;
  /** `withXmlTools(openaiCompatible(…))` in `runToolLoop`: the stream is aborted when the second block starts. */
  earlyStop: XmlEarlyStopCase;
  /** The same response read to its end through `openaiCompatible(…)` alone: no early stop applies. */
  readToEnd: XmlEarlyStopCase;
}

/** No run of this benchmark takes a second; past this one it is stuck, and the benchmark says so. */
const runDeadlineMs = 10_000;

const longContent = Array.from(
  { length: 12 },
  () => 'lorem ipsum dolor sit amet, consectetur adipiscing elit',
).join(' ');

const twoBlockStep = (chunkDelayMs: number): LlmStep => ({
  text: 'I will read the file first.',
  toolCalls: [
    { name: 'read_file', input: { path: 'answer.ts' } },
    { name: 'write_file', input: { path: 'notes.md', content: longContent } },
  ],
  chunkDelayMs,
});

/**
 * The XML early stop benchmark: the fake LLM plays a text-only model (chat completions, `toolFormat: 'xml'`)
 * whose response writes two tool blocks, paced `chunkDelayMs` per chunk; the fake's stream record tells how
 * many bytes it sent after the second block began, with the early stop and when the stream is read to the end.
 */
export async function measureXmlEarlyStop({
  chunkDelayMs = 2,
  runs,
}: {
  chunkDelayMs?: number;
  runs: number;
}): Promise<XmlEarlyStopResult> {
  const fake = createFakeLlm();
  fake.script('early-stop', {
    toolFormat: 'xml',
    steps: Array.from({ length: runs }, () => [
      twoBlockStep(chunkDelayMs),
      { text: 'The answer is 42.' },
    ]).flat(),
  });
  fake.script('read-to-end', {
    toolFormat: 'xml',
    steps: Array.from({ length: runs }, () => twoBlockStep(chunkDelayMs)),
  });
  const server = await fake.serve();
  const modelAt = (id: string): Model =>
    openaiCompatible({ baseURL: `${server.url}/script/${id}/v1`, model: 'text-only', maxRetries: 0 });
  const xmlModel = withXmlTools(modelAt('early-stop'));
  const plainModel = modelAt('read-to-end');
  const tools = [
    defineTool({
      name: 'read_file',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      execute: () => 'export const answer = 42;',
    }),
    defineTool({
      name: 'write_file',
      inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } },
      execute: () => 'written',
    }),
  ];
  try {
    const earlyMs: number[] = [];
    const endMs: number[] = [];
    const timeRunWithEarlyStop = async (): Promise<number> => {
      const startedAt = performance.now();
      let firstToolAt: number | undefined;
      const run = runToolLoop({
        model: xmlModel,
        tools,
        prompt: 'What is the answer?',
        statusMessages: 'off',
        timeoutMs: runDeadlineMs,
      });
      for await (const event of run)
        if (event.type === 'tool-start' && event.round === 0) firstToolAt = performance.now();
      const { stopReason } = await run.result;
      if (stopReason !== 'completed' || firstToolAt === undefined)
        throw new Error(`The XML early stop run stopped with ${stopReason} before any tool ran.`);
      return firstToolAt - startedAt;
    };
    const timeReadToEnd = async (): Promise<number> => {
      const startedAt = performance.now();
      const stream = plainModel.stream({
        messages: [{ role: 'user', content: [{ type: 'text', text: 'What is the answer?' }] }],
        tools: [],
        signal: AbortSignal.timeout(runDeadlineMs),
      });
      for await (const _part of stream) continue;
      return performance.now() - startedAt;
    };
    for (let run = 0; run < runs; run += 1) {
      earlyMs.push(
        await withDeadline({
          work: timeRunWithEarlyStop(),
          milliseconds: runDeadlineMs * 2,
          what: `XML run ${run}`,
        }),
      );
      endMs.push(
        await withDeadline({
          work: timeReadToEnd(),
          milliseconds: runDeadlineMs * 2,
          what: `XML read ${run}`,
        }),
      );
    }
    await withDeadline({
      work: fake.waitForIdle(),
      milliseconds: runDeadlineMs,
      what: 'The fake LLM going idle',
    });
    return {
      runs,
      chunkDelayMs,
      earlyStop: toCase({ fake, scriptId: 'early-stop', responseMs: earlyMs }),
      readToEnd: toCase({ fake, scriptId: 'read-to-end', responseMs: endMs }),
    };
  } finally {
    await server.close();
    await fake.close();
  }
}

function toCase({
  fake,
  scriptId,
  responseMs,
}: {
  fake: FakeLlm;
  scriptId: string;
  responseMs: number[];
}): XmlEarlyStopCase {
  const records = fake
    .getScript(scriptId)
    .streams.filter((stream) => (stream.xmlToolBlocks?.starts.length ?? 0) >= 2);
  const blocks = records.map((stream) => stream.xmlToolBlocks).filter(isDefined);
  return {
    bytesSentAfterSecondBlock: summarize(blocks.map((block) => block.bytesSentAfterSecondBlock)),
    bytesPlannedAfterSecondBlock: summarize(blocks.map((block) => block.bytesPlannedAfterSecondBlock)),
    shareSent: summarize(
      blocks.map((block) => block.bytesSentAfterSecondBlock / block.bytesPlannedAfterSecondBlock),
    ),
    bytesSent: summarize(records.map((stream) => stream.bytesSent)),
    responseMs: summarize(responseMs),
  };
}

function isDefined(block: XmlToolBlocksRecord | undefined): block is XmlToolBlocksRecord {
  return block !== undefined;
}
