import { defineTool, runToolLoop, type Model } from '@toolloop/core';
import { withXmlTools } from '@toolloop/core/xml';
import { createFakeLlm, type FakeLlm, type LlmStep, type XmlToolBlocksRecord } from '@toolloop/fake-llm';
import { openaiCompatible } from '@toolloop/providers/openai';
import { summarize, type Summary } from '../stats/summarize.js';

/** One way of reading the two-block response, and what the fake sent for it. */
export interface XmlEarlyStopCase {
  /** Bytes the fake sent from the `<` of the second tool block on. */
  bytesSentAfterSecondBlock: Summary;
  /** Bytes the response had from there, had it been read to the end. */
  bytesPlannedAfterSecondBlock: number;
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
    openaiCompatible({ baseURL: `${server.url}/scenario/${id}/v1`, model: 'text-only', maxRetries: 0 });
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
    for (let run = 0; run < runs; run += 1) {
      const earlyStart = performance.now();
      for await (const event of runToolLoop({
        model: xmlModel,
        tools,
        prompt: 'What is the answer?',
        statusMessages: 'off',
      }))
        if (event.type === 'tool_start' && event.round === 0) earlyMs.push(performance.now() - earlyStart);

      const endStart = performance.now();
      const stream = plainModel.stream({
        messages: [{ role: 'user', content: [{ type: 'text', text: 'What is the answer?' }] }],
        tools: [],
        signal: new AbortController().signal,
      });
      for await (const _part of stream) continue;
      endMs.push(performance.now() - endStart);
    }
    await fake.waitForIdle();
    return {
      runs,
      chunkDelayMs,
      earlyStop: toCase({ fake, scenarioId: 'early-stop', responseMs: earlyMs }),
      readToEnd: toCase({ fake, scenarioId: 'read-to-end', responseMs: endMs }),
    };
  } finally {
    await server.close();
    await fake.close();
  }
}

function toCase({
  fake,
  scenarioId,
  responseMs,
}: {
  fake: FakeLlm;
  scenarioId: string;
  responseMs: number[];
}): XmlEarlyStopCase {
  const records = fake
    .route(scenarioId)
    .streams.filter((stream) => (stream.xmlToolBlocks?.starts.length ?? 0) >= 2);
  const blocks = records.map((stream) => stream.xmlToolBlocks).filter(isDefined);
  return {
    bytesSentAfterSecondBlock: summarize(blocks.map((block) => block.bytesSentAfterSecondBlock)),
    bytesPlannedAfterSecondBlock: blocks[0]?.bytesPlannedAfterSecondBlock ?? 0,
    bytesSent: summarize(records.map((stream) => stream.bytesSent)),
    responseMs: summarize(responseMs),
  };
}

function isDefined(block: XmlToolBlocksRecord | undefined): block is XmlToolBlocksRecord {
  return block !== undefined;
}
