import { Ollama, type Message, type Tool, type ToolCall } from 'ollama';
import { echoTool, loopAnswer, loopPrompt } from '../loop-overhead/loop-script.js';
import { createUnfinishedLoopError, type WireContender } from './wire-contender.js';
import { wireMaxTokens, wireModelIds } from './wire-models.js';

/**
 * The floor on Ollama's native API: a loop written by hand on the `ollama` client's streamed `chat` (NDJSON from
 * `/api/chat`). Each stream's content and tool calls are joined, the assistant message with its calls and a
 * `tool` message per call are appended.
 */
export function createOllamaFloor({ rounds }: { rounds: number }): WireContender {
  const tools: Tool[] = [
    {
      type: 'function',
      function: { name: echoTool.name, description: echoTool.description, parameters: echoTool.inputSchema },
    },
  ];
  return {
    wire: 'ollama',
    role: 'floor',
    async run(scriptURL) {
      const client = new Ollama({ host: scriptURL });
      const messages: Message[] = [{ role: 'user', content: loopPrompt }];
      for (let request = 0; request <= rounds; request += 1) {
        const stream = await client.chat({
          model: wireModelIds.ollama,
          messages: [...messages],
          tools,
          options: { num_predict: wireMaxTokens },
          stream: true,
        });
        let text = '';
        const calls: ToolCall[] = [];
        for await (const part of stream) {
          text += part.message.content;
          calls.push(...(part.message.tool_calls ?? []));
        }
        if (calls.length === 0) {
          if (text !== loopAnswer || request !== rounds)
            throw createUnfinishedLoopError({ contender: 'The Ollama floor', request, answer: text });
          return;
        }
        messages.push(
          { role: 'assistant', content: text, tool_calls: calls },
          ...calls.map((call) => ({ role: 'tool', content: echoTool.output, tool_name: call.function.name })),
        );
      }
      throw createUnfinishedLoopError({ contender: 'The Ollama floor', request: rounds, answer: '' });
    },
  };
}
