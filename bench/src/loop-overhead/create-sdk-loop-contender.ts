import { Anthropic } from '@anthropic-ai/sdk';
import type { ContentBlockParam, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { LoopContender, LoopShape } from './loop-contender.js';
import { echoTool, loopAnswer, loopModelId, loopPrompt } from './loop-script.js';

/**
 * The least a real loop does on the bare SDK, to show what the floor leaves out: each stream read into content
 * blocks (a tool call's input from its JSON deltas), the response and the tool's result appended to the
 * transcript, the tool run, the next request built from the transcript. No validation, no limits, no events.
 */
export function createSdkLoopContender({
  rounds,
  toolOutput = echoTool.output,
  model = loopModelId,
}: LoopShape): LoopContender {
  const tools = [
    { name: echoTool.name, description: echoTool.description, input_schema: echoTool.inputSchema },
  ];
  return {
    id: 'sdk-loop',
    label: 'a loop on the bare SDK',
    async run(baseURL) {
      const client = new Anthropic({ apiKey: 'bench', baseURL, maxRetries: 0 });
      const messages: MessageParam[] = [{ role: 'user', content: loopPrompt }];
      for (let request = 0; request <= rounds; request += 1) {
        const stream = await client.messages.create({
          model,
          max_tokens: 1024,
          stream: true,
          messages: [...messages],
          tools,
        });
        const blocks: Array<
          { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; json: string }
        > = [];
        for await (const event of stream) {
          if (event.type === 'content_block_start') {
            const block = event.content_block;
            blocks[event.index] =
              block.type === 'tool_use'
                ? { type: 'tool_use', id: block.id, name: block.name, json: '' }
                : { type: 'text', text: block.type === 'text' ? block.text : '' };
          } else if (event.type === 'content_block_delta') {
            const block = blocks[event.index];
            if (block?.type === 'text' && event.delta.type === 'text_delta') block.text += event.delta.text;
            if (block?.type === 'tool_use' && event.delta.type === 'input_json_delta')
              block.json += event.delta.partial_json;
          }
        }
        const content: ContentBlockParam[] = blocks.map((block) =>
          block.type === 'tool_use'
            ? {
                type: 'tool_use',
                id: block.id,
                name: block.name,
                input: (block.json === '' ? {} : JSON.parse(block.json)) as Record<string, unknown>,
              }
            : { type: 'text', text: block.text },
        );
        messages.push({ role: 'assistant', content });
        const calls = blocks.flatMap((block) => (block.type === 'tool_use' ? [block] : []));
        if (calls.length === 0) {
          const answer = blocks[0]?.type === 'text' ? blocks[0].text : '';
          if (answer !== loopAnswer || request !== rounds)
            throw new Error(`The bare SDK loop ended after ${request} rounds with: ${answer}`);
          return;
        }
        messages.push({
          role: 'user',
          content: calls.map((call) => ({
            type: 'tool_result',
            tool_use_id: call.id,
            content: toolOutput,
          })),
        });
      }
      throw new Error(`The bare SDK loop got no answer after ${rounds} rounds.`);
    },
  };
}
