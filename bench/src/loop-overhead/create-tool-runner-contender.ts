import { Anthropic } from '@anthropic-ai/sdk';
import { betaTool } from '@anthropic-ai/sdk/helpers/beta/json-schema';
import type { LoopContender, LoopShape } from './loop-contender.js';
import { echoTool, loopAnswer, loopModelId, loopPrompt } from './loop-script.js';

/**
 * `@anthropic-ai/sdk`'s `beta.messages.toolRunner`, streaming each turn and sending the whole history every turn
 * (`thread: false`, as the fake LLM and the other contenders do).
 */
export function createToolRunnerContender({
  rounds,
  toolOutput = echoTool.output,
  model,
}: LoopShape): LoopContender {
  const runTurn = prepareToolRunnerTurn({ toolOutput, maxIterations: rounds + 1, model });
  return {
    id: 'anthropic-tool-runner',
    label: 'Anthropic SDK toolRunner',
    run: (baseURL) => runTurn(new Anthropic({ apiKey: 'bench', baseURL, maxRetries: 0 })),
  };
}

/**
 * The toolRunner's turn with the echo tool returning `toolOutput`, for any client: throws unless it ends with
 * the script's answer.
 */
export function prepareToolRunnerTurn({
  toolOutput = echoTool.output,
  maxIterations,
  model = loopModelId,
}: {
  toolOutput?: string;
  maxIterations?: number;
  model?: string | undefined;
}): (client: Anthropic) => Promise<void> {
  const echo = betaTool({
    name: echoTool.name,
    description: echoTool.description,
    inputSchema: echoTool.inputSchema,
    run: () => toolOutput,
  });
  return async (client) => {
    const final = await client.beta.messages
      .toolRunner({
        model,
        max_tokens: 1024,
        messages: [{ role: 'user', content: loopPrompt }],
        tools: [echo],
        stream: true,
        thread: false,
        ...(maxIterations === undefined ? {} : { max_iterations: maxIterations }),
      })
      .runUntilDone();
    const text = final.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    if (text !== loopAnswer) throw new Error(`The tool runner ended with '${text}'.`);
  };
}
