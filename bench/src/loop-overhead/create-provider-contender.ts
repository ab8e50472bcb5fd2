import type { Message, ToolDefinition } from '@toolloop/core';
import type { LoopContender, LoopShape } from './loop-contender.js';
import { createToolloopModel } from './create-toolloop-contender.js';
import { echoTool, loopPrompt, toEchoCallId } from './loop-script.js';

/**
 * toolloop's Anthropic provider alone, without the loop: the same requests the loop sends (every transcript built
 * before the clock starts), each streamed through `model.stream` and read to its end. Between the floor and
 * toolloop, it shows what the provider adds (the request's conversion, the stream's parsing) and what the loop does.
 */
export function createProviderContender({
  rounds,
  toolOutput = echoTool.output,
  model: modelId,
}: LoopShape): LoopContender {
  const tools: ToolDefinition[] = [
    { name: echoTool.name, description: echoTool.description, inputSchema: echoTool.inputSchema },
  ];
  const transcripts: Message[][] = [];
  const messages: Message[] = [{ role: 'user', content: loopPrompt }];
  for (let round = 0; round <= rounds; round += 1) {
    transcripts.push([...messages]);
    const id = toEchoCallId(round);
    messages.push(
      { role: 'assistant', content: [{ type: 'tool-call', id, name: echoTool.name, input: { round } }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: id,
            toolName: echoTool.name,
            output: { content: [{ type: 'text', text: toolOutput }] },
            isError: false,
          },
        ],
      },
    );
  }
  return {
    id: 'toolloop-provider',
    label: "toolloop's provider alone",
    async run(baseURL) {
      const model = createToolloopModel(baseURL, modelId);
      const signal = new AbortController().signal;
      let finishes = 0;
      for (const transcript of transcripts)
        for await (const part of model.stream({ messages: transcript, tools, signal }))
          if (part.type === 'finish') finishes += 1;
      if (finishes !== transcripts.length)
        throw new Error(`The provider finished ${finishes} of ${transcripts.length} responses.`);
    },
  };
}
