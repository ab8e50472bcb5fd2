import { createAnthropic } from '@ai-sdk/anthropic';
import { Anthropic } from '@anthropic-ai/sdk';
import { betaTool } from '@anthropic-ai/sdk/helpers/beta/json-schema';
import { runToolLoop } from '@toolloop/core';
import { anthropic } from '@toolloop/providers/anthropic';
import { jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { toolloopEchoTool } from '../loop-overhead/create-toolloop-contender.js';
import { echoTool, loopAnswer, loopPrompt } from '../loop-overhead/loop-script.js';

/** A model whose shortest cacheable prefix (1,024 tokens) the benchmark's system prompt passes. */
export const requestBytesModelId = 'claude-sonnet-4-6';

/**
 * An agent's system prompt of some length (about 2,300 of the fake's estimated tokens), as real ones are: the
 * prefix that caching and threads save resending.
 */
export const requestBytesSystem = Array.from(
  { length: 80 },
  (_, index) => `Rule ${index + 1}: answer from the handbook only, and cite the section you used.`,
).join('\n');

/** The contenders of the request bytes benchmark, in the order they run. */
export type RequestBytesContenderId =
  'toolloop' | 'toolloop-threads' | 'toolloop-threads-uncached' | 'anthropic-tool-runner' | 'vercel-ai';

/** One way of running the loop, with every request going through `fetch` to `baseURL`. */
export interface RequestBytesContender {
  id: RequestBytesContenderId;
  label: string;
  run(options: { baseURL: string; fetch: typeof fetch; rounds: number }): Promise<void>;
}

function check(what: string, text: string): void {
  if (text !== loopAnswer) throw new Error(`${what} ended with '${text}'.`);
}

function toolloopContender({
  threads,
  promptCaching = true,
}: {
  threads: boolean;
  promptCaching?: boolean;
}): RequestBytesContender {
  return {
    id: !threads ? 'toolloop' : promptCaching ? 'toolloop-threads' : 'toolloop-threads-uncached',
    label: !threads
      ? 'toolloop (default)'
      : promptCaching
        ? 'toolloop, threads: true'
        : 'toolloop, threads: true, promptCaching: false',
    async run({ baseURL, fetch, rounds }) {
      const client = new Anthropic({ apiKey: 'bench', baseURL, maxRetries: 0, fetch });
      const result = await runToolLoop({
        model: anthropic({ model: requestBytesModelId, client, maxTokens: 1024, threads, promptCaching }),
        system: requestBytesSystem,
        tools: [toolloopEchoTool],
        prompt: loopPrompt,
        maxIterations: rounds + 1,
        statusMessages: 'off',
      }).result;
      check('toolloop', result.text);
    },
  };
}

/** `@anthropic-ai/sdk`'s `beta.messages.toolRunner` as it comes: streaming, with its default message threads. */
const toolRunnerContender: RequestBytesContender = {
  id: 'anthropic-tool-runner',
  label: 'Anthropic SDK toolRunner (default threads)',
  async run({ baseURL, fetch, rounds }) {
    const client = new Anthropic({ apiKey: 'bench', baseURL, maxRetries: 0, fetch });
    const echo = betaTool({
      name: echoTool.name,
      description: echoTool.description,
      inputSchema: echoTool.inputSchema,
      run: () => echoTool.output,
    });
    const final = await client.beta.messages
      .toolRunner({
        model: requestBytesModelId,
        max_tokens: 1024,
        system: requestBytesSystem,
        messages: [{ role: 'user', content: loopPrompt }],
        tools: [echo],
        stream: true,
        max_iterations: rounds + 1,
      })
      .runUntilDone();
    check(
      'The tool runner',
      final.content.map((block) => (block.type === 'text' ? block.text : '')).join(''),
    );
  },
};

/** The Vercel AI SDK: `streamText` with `@ai-sdk/anthropic`, as it comes (no cache markers of its own). */
const vercelAiContender: RequestBytesContender = {
  id: 'vercel-ai',
  label: 'Vercel AI SDK',
  async run({ baseURL, fetch, rounds }) {
    const echo = tool({
      description: echoTool.description,
      inputSchema: jsonSchema<{ round: number }>(echoTool.inputSchema),
      execute: () => echoTool.output,
    });
    const model = createAnthropic({ apiKey: 'bench', baseURL: `${baseURL}/v1`, fetch })(requestBytesModelId);
    const result = streamText({
      model,
      system: requestBytesSystem,
      tools: { [echoTool.name]: echo },
      prompt: loopPrompt,
      maxOutputTokens: 1024,
      maxRetries: 0,
      stopWhen: stepCountIs(rounds + 1),
    });
    check('The AI SDK', await result.text);
  },
};

/** Every contender, in run order. */
export function createRequestBytesContenders(): RequestBytesContender[] {
  return [
    toolloopContender({ threads: false }),
    toolloopContender({ threads: true }),
    toolloopContender({ threads: true, promptCaching: false }),
    toolRunnerContender,
    vercelAiContender,
  ];
}
