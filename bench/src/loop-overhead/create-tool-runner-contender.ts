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
}: LoopShape): LoopContender {
  const echo = betaTool({
    name: echoTool.name,
    description: echoTool.description,
    inputSchema: echoTool.inputSchema,
    run: () => toolOutput,
  });
  return {
    id: 'anthropic-tool-runner',
    label: 'Anthropic SDK toolRunner',
    async run(baseURL) {
      const client = new Anthropic({ apiKey: 'bench', baseURL, maxRetries: 0 });
      const final = await client.beta.messages
        .toolRunner({
          model: loopModelId,
          max_tokens: 1024,
          messages: [{ role: 'user', content: loopPrompt }],
          tools: [echo],
          stream: true,
          thread: false,
          max_iterations: rounds + 1,
        })
        .runUntilDone();
      const text = final.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      if (text !== loopAnswer) throw new Error(`The tool runner ended with '${text}'.`);
    },
  };
}
