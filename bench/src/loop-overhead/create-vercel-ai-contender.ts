import { createAnthropic } from '@ai-sdk/anthropic';
import { jsonSchema, stepCountIs, streamText, tool } from 'ai';
import type { LoopContender, LoopShape } from './loop-contender.js';
import { echoTool, loopAnswer, loopModelId, loopPrompt } from './loop-script.js';

/** The Vercel AI SDK: `streamText` with `@ai-sdk/anthropic` and a step limit of `rounds + 1`. */
export function createVercelAiContender({ rounds, toolOutput = echoTool.output }: LoopShape): LoopContender {
  const echo = tool({
    description: echoTool.description,
    inputSchema: jsonSchema<{ round: number }>(echoTool.inputSchema),
    execute: () => toolOutput,
  });
  return {
    id: 'vercel-ai',
    label: 'Vercel AI SDK',
    async run(baseURL) {
      const model = createAnthropic({ apiKey: 'bench', baseURL: `${baseURL}/v1` })(loopModelId);
      const result = streamText({
        model,
        tools: { [echoTool.name]: echo },
        prompt: loopPrompt,
        maxOutputTokens: 1024,
        maxRetries: 0,
        stopWhen: stepCountIs(rounds + 1),
      });
      const text = await result.text;
      const steps = await result.steps;
      if (text !== loopAnswer || steps.length !== rounds + 1)
        throw new Error(`The AI SDK ended after ${steps.length} steps with '${text}'.`);
    },
  };
}
