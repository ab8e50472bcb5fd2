import { OpenAI } from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { echoTool, loopAnswer, loopPrompt } from '../loop-overhead/loop-script.js';
import { createUnfinishedLoopError, type WireContender } from './wire-contender.js';
import { wireMaxTokens, wireModelIds } from './wire-models.js';

/**
 * The floor on OpenAI's Responses API: a loop written by hand on the `openai` SDK, stateless (`store: false`,
 * as toolloop's provider sends by default). Each stream's text deltas are joined and its finished function call
 * items kept; the calls go back as they came, each followed by its `function_call_output`.
 */
export function createOpenAiResponsesFloor({ rounds }: { rounds: number }): WireContender {
  const tools = [
    {
      type: 'function' as const,
      name: echoTool.name,
      description: echoTool.description,
      parameters: echoTool.inputSchema,
      strict: false,
    },
  ];
  return {
    wire: 'openai-responses',
    role: 'floor',
    async run(scriptURL) {
      const client = new OpenAI({ apiKey: 'bench', baseURL: `${scriptURL}/v1`, maxRetries: 0 });
      const input: ResponseInputItem[] = [{ role: 'user', content: loopPrompt }];
      for (let request = 0; request <= rounds; request += 1) {
        const stream = await client.responses.create({
          model: wireModelIds['openai-responses'],
          max_output_tokens: wireMaxTokens,
          store: false,
          stream: true,
          input: [...input],
          tools,
        });
        let text = '';
        const calls: ResponseInputItem.FunctionCallOutput[] = [];
        for await (const event of stream) {
          if (event.type === 'response.output_text.delta') text += event.delta;
          if (event.type === 'response.output_item.done' && event.item.type === 'function_call') {
            input.push(event.item);
            calls.push({
              type: 'function_call_output',
              call_id: event.item.call_id,
              output: echoTool.output,
            });
          }
        }
        if (calls.length === 0) {
          if (text !== loopAnswer || request !== rounds)
            throw createUnfinishedLoopError({ contender: 'The Responses floor', request, answer: text });
          return;
        }
        input.push(...calls);
      }
      throw createUnfinishedLoopError({ contender: 'The Responses floor', request: rounds, answer: '' });
    },
  };
}
