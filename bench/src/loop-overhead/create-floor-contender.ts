import { Anthropic } from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { LoopContender, LoopShape } from './loop-contender.js';
import { echoTool, loopModelId, loopPrompt, toEchoCallId } from './loop-script.js';

/**
 * The floor: the same `rounds + 1` streamed responses fetched with the bare Anthropic SDK, every request body
 * built before the clock starts, and no loop logic — each stream is read to its end and dropped.
 */
export function createFloorContender(shape: LoopShape): LoopContender {
  const requests = createFloorRequests(shape);
  return {
    id: 'floor',
    label: 'floor (bare SDK)',
    async run(baseURL) {
      const client = new Anthropic({ apiKey: 'bench', baseURL, maxRetries: 0 });
      let events = 0;
      for (const request of requests) {
        const stream = await client.messages.create(request);
        for await (const _event of stream) events += 1;
      }
      if (events === 0) throw new Error('The floor received no events.');
    },
  };
}

/** The request bodies a loop sends: each one the transcript so far, growing by a call and its result per round. */
export function createFloorRequests({
  rounds,
  toolOutput = echoTool.output,
  model = loopModelId,
}: LoopShape): MessageCreateParamsStreaming[] {
  const messages: MessageParam[] = [{ role: 'user', content: loopPrompt }];
  const requests: MessageCreateParamsStreaming[] = [];
  for (let round = 0; round <= rounds; round += 1) {
    requests.push({
      model,
      max_tokens: 1024,
      stream: true,
      messages: [...messages],
      tools: [{ name: echoTool.name, description: echoTool.description, input_schema: echoTool.inputSchema }],
    });
    const id = toEchoCallId(round);
    messages.push(
      { role: 'assistant', content: [{ type: 'tool_use', id, name: echoTool.name, input: { round } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: toolOutput }] },
    );
  }
  return requests;
}
