import { createAnthropic } from '@ai-sdk/anthropic';
import { Anthropic } from '@anthropic-ai/sdk';
import { defineTool, runToolLoop } from '@toolloop/core';
import { anthropic } from '@toolloop/providers/anthropic';
import { prepareToolRunnerTurn } from '../loop-overhead/create-tool-runner-contender.js';
import { toolloopEchoTool } from '../loop-overhead/create-toolloop-contender.js';
import { prepareVercelAiTurn } from '../loop-overhead/create-vercel-ai-contender.js';
import { echoTool, loopAnswer, loopModelId, loopPrompt } from '../loop-overhead/loop-script.js';
import { summarize, type Summary } from '../stats/summarize.js';
import { startFakeLlmProcess } from './fake-llm-process.js';

/** Who starts a turn, and how. */
type SetupContenderId = 'bare-sdk' | 'toolloop' | 'anthropic-tool-runner' | 'vercel-ai';

/** One contender's time from the call that starts a turn to its first request's `fetch`. */
export interface SetupContenderResult {
  id: SetupContenderId;
  label: string;
  setupMs: Summary;
  /** Its setup time minus the bare SDK's, run by run (milliseconds). */
  overBareSdkMs: Summary;
}

export interface TurnSetupResult {
  warmupRuns: number;
  runs: number;
  contenders: SetupContenderResult[];
}

interface SetupContender {
  id: SetupContenderId;
  label: string;
  /**
   * Makes the contender's client or model for `baseURL` and `fetch`, once, as an application does; returns what
   * starts a one-request turn with it and resolves when its answer is read.
   */
  prepare(options: { baseURL: string; fetch: typeof globalThis.fetch }): () => Promise<void>;
}

const contenders: SetupContender[] = [
  {
    id: 'bare-sdk',
    label: 'the bare SDK (messages.create)',
    prepare({ baseURL, fetch }) {
      const client = new Anthropic({ apiKey: 'bench', baseURL, maxRetries: 0, fetch });
      const tools = [
        { name: echoTool.name, description: echoTool.description, input_schema: echoTool.inputSchema },
      ];
      return async () => {
        marks.started = performance.now();
        const stream = await client.messages.create({
          model: loopModelId,
          max_tokens: 1024,
          stream: true,
          messages: [{ role: 'user', content: loopPrompt }],
          tools,
        });
        let text = '';
        for await (const event of stream)
          if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
            text += event.delta.text;
        if (text !== loopAnswer) throw new Error(`The bare SDK read '${text}'.`);
      };
    },
  },
  {
    id: 'toolloop',
    label: 'toolloop (runToolLoop)',
    prepare({ baseURL, fetch }) {
      const model = anthropic({
        model: loopModelId,
        apiKey: 'bench',
        baseURL,
        maxRetries: 0,
        maxTokens: 1024,
        fetch,
      });
      const tools = [defineTool({ ...toolloopEchoTool })];
      return async () => {
        marks.started = performance.now();
        const result = await runToolLoop({ model, tools, prompt: loopPrompt, statusMessages: 'off' }).result;
        if (result.text !== loopAnswer) throw new Error(`toolloop answered '${result.text}'.`);
      };
    },
  },
  {
    id: 'anthropic-tool-runner',
    label: 'Anthropic SDK toolRunner',
    prepare({ baseURL, fetch }) {
      const client = new Anthropic({ apiKey: 'bench', baseURL, maxRetries: 0, fetch });
      const runTurn = prepareToolRunnerTurn({});
      return () => {
        marks.started = performance.now();
        return runTurn(client);
      };
    },
  },
  {
    id: 'vercel-ai',
    label: 'Vercel AI SDK (streamText)',
    prepare({ baseURL, fetch }) {
      const model = createAnthropic({ apiKey: 'bench', baseURL: `${baseURL}/v1`, fetch })(loopModelId);
      const runTurn = prepareVercelAiTurn({});
      return () => {
        marks.started = performance.now();
        return runTurn(model);
      };
    },
  },
];

/** When the measured call started and when its first `fetch` came, for the run under way. */
const marks: { started: number; fetched: number | undefined } = { started: 0, fetched: undefined };

/** The milliseconds from the start of the run just ended to its first fetch, if it fetched. */
function setupOfLastRun(): number | undefined {
  return marks.fetched === undefined ? undefined : marks.fetched - marks.started;
}

/**
 * Turn setup: the time from the call that starts a turn (`runToolLoop`, `messages.create`, `toolRunner`,
 * `streamText`) to the first request's `fetch`, each contender's model or client made once before every run, as
 * an application makes it. A fetch that notes the time, names the run's script in a header and hands the request
 * on stands in for the global one. Contenders run interleaved in a shuffled order against the fake LLM in a process of its own.
 */
export async function measureTurnSetup({
  warmupRuns,
  runs,
}: {
  warmupRuns: number;
  runs: number;
}): Promise<TurnSetupResult> {
  const fake = await startFakeLlmProcess();
  /** The script of the run under way: every request carries it in the header the fake routes by. */
  let script = '';
  const fetch: typeof globalThis.fetch = (input, init) => {
    marks.fetched ??= performance.now();
    const headers = new Headers(init?.headers);
    headers.set('x-toolloop-script', script);
    return globalThis.fetch(input, { ...init, headers });
  };
  const setup = new Map<SetupContenderId, number[]>(contenders.map(({ id }) => [id, []]));
  const prepared = new Map(
    contenders.map((contender) => [contender.id, contender.prepare({ baseURL: fake.url, fetch })]),
  );
  let scripts = 0;
  const runOnce = async (contender: SetupContender, measured: boolean) => {
    script = `setup-${scripts++}`;
    await fake.addScripts({ ids: [script], rounds: 0 });
    marks.fetched = undefined;
    await prepared.get(contender.id)?.();
    await fake.end(script, [script]);
    const setupMs = setupOfLastRun();
    if (setupMs === undefined)
      throw new Error(`${contender.label} sent no request through the fetch it was given.`);
    if (measured) setup.get(contender.id)?.push(setupMs);
  };
  try {
    for (let warmup = 0; warmup < warmupRuns; warmup += 1)
      for (const contender of contenders) await runOnce(contender, false);
    for (let run = 0; run < runs; run += 1)
      for (const contender of rotate(contenders, run)) await runOnce(contender, true);
  } finally {
    await fake.close();
  }
  const bare = setup.get('bare-sdk') ?? [];
  return {
    warmupRuns,
    runs,
    contenders: contenders.map(({ id, label }) => {
      const samples = setup.get(id) ?? [];
      return {
        id,
        label,
        setupMs: summarize(samples),
        overBareSdkMs: summarize(samples.map((sample, index) => sample - (bare[index] ?? Number.NaN))),
      };
    }),
  };
}

/** The contenders starting at a different one each round, so that none always runs after the same one. */
function rotate<ITEM>(items: readonly ITEM[], by: number): ITEM[] {
  const start = by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}
