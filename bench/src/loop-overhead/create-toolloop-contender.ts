import { defineTool, runToolLoop } from '@toolloop/core';
import { anthropic } from '@toolloop/providers/anthropic';
import type { LoopContender, LoopShape } from './loop-contender.js';
import { echoTool, loopAnswer, loopModelId, loopPrompt } from './loop-script.js';

/** The benchmark's echo tool as a toolloop tool. */
export const toolloopEchoTool = defineTool({
  name: echoTool.name,
  description: echoTool.description,
  inputSchema: echoTool.inputSchema,
  execute: () => echoTool.output,
});

/** toolloop's Anthropic provider as the loop benchmark's toolloop contenders use it: no retries, 1,024 tokens. */
export function createToolloopModel(baseURL: string, model: string = loopModelId) {
  return anthropic({ model, apiKey: 'bench', baseURL, maxRetries: 0, maxTokens: 1024 });
}

/** What a toolloop contender sets beyond the loop's shape: a context limit, checked before every request. */
export interface ToolloopContenderOptions extends LoopShape {
  contextLimit?: { maxTokens: number };
}

/** toolloop: `runToolLoop` through `@toolloop/providers/anthropic`, status lines off, the promise API. */
export function createToolloopContender({
  rounds,
  toolOutput,
  model: modelId,
  contextLimit,
}: ToolloopContenderOptions): LoopContender {
  const tool =
    toolOutput === undefined
      ? toolloopEchoTool
      : defineTool({ ...toolloopEchoTool, execute: () => toolOutput });
  return {
    id: contextLimit === undefined ? 'toolloop' : 'toolloop-context-limit',
    label: contextLimit === undefined ? 'toolloop' : 'toolloop with contextLimit',
    async run(baseURL) {
      const model = createToolloopModel(baseURL, modelId);
      const result = await runToolLoop({
        model,
        tools: [tool],
        prompt: loopPrompt,
        maxIterations: rounds + 1,
        statusMessages: 'off',
        ...(contextLimit === undefined ? {} : { contextLimit }),
      }).result;
      if (result.stopReason !== 'completed' || result.rounds !== rounds || result.text !== loopAnswer)
        throw new Error(
          `toolloop stopped with ${result.stopReason} after ${result.rounds} rounds: ${result.text}`,
        );
    },
  };
}
