import {
  BedrockRuntimeClient,
  ConverseStreamCommand,
  type ContentBlock,
  type Message,
  type Tool,
} from '@aws-sdk/client-bedrock-runtime';
import { echoTool, loopAnswer, loopPrompt } from '../loop-overhead/loop-script.js';
import { createUnfinishedLoopError, type WireContender } from './wire-contender.js';
import { bedrockAccess, wireMaxTokens, wireModelIds } from './wire-models.js';

/**
 * The floor on Bedrock's Converse API: a loop written by hand on `@aws-sdk/client-bedrock-runtime`'s
 * `ConverseStreamCommand`, with the SDK's default HTTP handler. Each stream's text deltas are joined and each
 * tool use's input deltas parsed; the assistant message with its `toolUse` blocks and a user message of
 * `toolResult` blocks are appended.
 */
export function createBedrockFloor({ rounds }: { rounds: number }): WireContender {
  const tools: Tool[] = [
    {
      toolSpec: {
        name: echoTool.name,
        description: echoTool.description,
        inputSchema: { json: echoTool.inputSchema },
      },
    },
  ];
  return {
    wire: 'bedrock',
    role: 'floor',
    async run(scriptURL) {
      const client = new BedrockRuntimeClient({ ...bedrockAccess, endpoint: scriptURL, maxAttempts: 1 });
      try {
        const messages: Message[] = [{ role: 'user', content: [{ text: loopPrompt }] }];
        for (let request = 0; request <= rounds; request += 1) {
          const response = await client.send(
            new ConverseStreamCommand({
              modelId: wireModelIds.bedrock,
              messages: [...messages],
              toolConfig: { tools },
              inferenceConfig: { maxTokens: wireMaxTokens },
            }),
          );
          let text = '';
          const calls: Array<{ toolUseId: string; name: string; input: string }> = [];
          for await (const event of response.stream ?? []) {
            const toolUse = event.contentBlockStart?.start?.toolUse;
            if (toolUse !== undefined)
              calls.push({ toolUseId: toolUse.toolUseId ?? '', name: toolUse.name ?? '', input: '' });
            const delta = event.contentBlockDelta?.delta;
            text += delta?.text ?? '';
            const call = calls.at(-1);
            if (delta?.toolUse !== undefined && call !== undefined) call.input += delta.toolUse.input ?? '';
          }
          if (calls.length === 0) {
            if (text !== loopAnswer || request !== rounds)
              throw createUnfinishedLoopError({ contender: 'The Bedrock floor', request, answer: text });
            return;
          }
          const content: ContentBlock[] = calls.map((call) => ({
            toolUse: {
              toolUseId: call.toolUseId,
              name: call.name,
              input: (call.input === '' ? {} : JSON.parse(call.input)) as Record<string, number>,
            },
          }));
          messages.push(
            { role: 'assistant', content: text === '' ? content : [{ text }, ...content] },
            {
              role: 'user',
              content: calls.map((call) => ({
                toolResult: { toolUseId: call.toolUseId, content: [{ text: echoTool.output }] },
              })),
            },
          );
        }
        throw createUnfinishedLoopError({ contender: 'The Bedrock floor', request: rounds, answer: '' });
      } finally {
        client.destroy();
      }
    },
  };
}
