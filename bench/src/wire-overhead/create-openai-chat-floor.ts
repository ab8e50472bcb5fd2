import { OpenAI } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { echoTool, loopAnswer, loopPrompt } from '../loop-overhead/loop-script.js';
import { createUnfinishedLoopError, type WireContender } from './wire-contender.js';
import { wireMaxTokens, wireModelIds } from './wire-models.js';

/**
 * The floor on OpenAI's chat completions: a loop written by hand on the `openai` SDK. Each streamed chunk's
 * text and tool call deltas are joined, the assistant message with its calls and a `tool` message per call are
 * appended, and the next request is sent; nothing else.
 */
export function createOpenAiChatFloor({ rounds }: { rounds: number }): WireContender {
  const tools = [
    {
      type: 'function' as const,
      function: { name: echoTool.name, description: echoTool.description, parameters: echoTool.inputSchema },
    },
  ];
  return {
    wire: 'openai-chat',
    role: 'floor',
    async run(scriptURL) {
      const client = new OpenAI({ apiKey: 'bench', baseURL: `${scriptURL}/v1`, maxRetries: 0 });
      const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: loopPrompt }];
      for (let request = 0; request <= rounds; request += 1) {
        const stream = await client.chat.completions.create({
          model: wireModelIds['openai-chat'],
          max_completion_tokens: wireMaxTokens,
          stream: true,
          messages: [...messages],
          tools,
        });
        let text = '';
        const calls: Array<{ id: string; name: string; arguments: string }> = [];
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta;
          text += delta?.content ?? '';
          for (const call of delta?.tool_calls ?? []) {
            const known = calls[call.index] ?? { id: '', name: '', arguments: '' };
            calls[call.index] = {
              id: call.id ?? known.id,
              name: call.function?.name ?? known.name,
              arguments: known.arguments + (call.function?.arguments ?? ''),
            };
          }
        }
        if (calls.length === 0) {
          if (text !== loopAnswer || request !== rounds)
            throw createUnfinishedLoopError({
              contender: 'The chat completions floor',
              request,
              answer: text,
            });
          return;
        }
        messages.push({
          role: 'assistant',
          content: text === '' ? null : text,
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          })),
        });
        for (const call of calls)
          messages.push({ role: 'tool', tool_call_id: call.id, content: echoTool.output });
      }
      throw createUnfinishedLoopError({
        contender: 'The chat completions floor',
        request: rounds,
        answer: '',
      });
    },
  };
}
