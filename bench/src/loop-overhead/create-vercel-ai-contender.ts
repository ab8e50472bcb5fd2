import { createAnthropic } from '@ai-sdk/anthropic';
import { jsonSchema, stepCountIs, streamText, tool, type LanguageModel } from 'ai';
import type { LoopContender, LoopShape } from './loop-contender.js';
import { echoTool, loopAnswer, loopModelId, loopPrompt } from './loop-script.js';

/** The Vercel AI SDK: `streamText` with `@ai-sdk/anthropic` and a step limit of `rounds + 1`. */
export function createVercelAiContender({
  rounds,
  toolOutput = echoTool.output,
  model = loopModelId,
}: LoopShape): LoopContender {
  const runTurn = prepareVercelAiTurn({ toolOutput, steps: rounds + 1 });
  return {
    id: 'vercel-ai',
    label: 'Vercel AI SDK',
    run: (baseURL) => runTurn(createAnthropic({ apiKey: 'bench', baseURL: `${baseURL}/v1` })(model)),
  };
}

/**
 * The AI SDK's turn with the echo tool returning `toolOutput`, for any model: throws unless it ends with the
 * script's answer after `steps` steps (1: the default step limit).
 */
export function prepareVercelAiTurn({
  toolOutput = echoTool.output,
  steps = 1,
}: {
  toolOutput?: string;
  steps?: number;
}): (model: LanguageModel) => Promise<void> {
  const echo = tool({
    description: echoTool.description,
    inputSchema: jsonSchema<{ round: number }>(echoTool.inputSchema),
    execute: () => toolOutput,
  });
  return async (model) => {
    const result = streamText({
      model,
      tools: { [echoTool.name]: echo },
      prompt: loopPrompt,
      maxOutputTokens: 1024,
      maxRetries: 0,
      stopWhen: stepCountIs(steps),
    });
    const text = await result.text;
    const taken = await result.steps;
    if (text !== loopAnswer || taken.length !== steps)
      throw new Error(`The AI SDK ended after ${taken.length} steps with '${text}'.`);
  };
}
