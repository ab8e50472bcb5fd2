import { runToolLoop } from '@toolloop/core';
import { toolloopEchoTool } from '../loop-overhead/create-toolloop-contender.js';
import { loopAnswer, loopPrompt } from '../loop-overhead/loop-script.js';
import { createWireModel } from './create-wire-model.js';
import { createUnfinishedLoopError, type WireContender } from './wire-contender.js';
import type { WireId } from './wire-id.js';

/** toolloop on `wire`: `runToolLoop` with that wire's provider (made for the run), status lines off. */
export function createWireToolloopContender({
  wire,
  rounds,
}: {
  wire: WireId;
  rounds: number;
}): WireContender {
  return {
    wire,
    role: 'toolloop',
    async run(scriptURL) {
      const result = await runToolLoop({
        model: createWireModel({ wire, scriptURL }),
        tools: [toolloopEchoTool],
        prompt: loopPrompt,
        maxIterations: rounds + 1,
        statusMessages: 'off',
      }).result;
      if (result.stopReason !== 'completed' || result.rounds !== rounds || result.text !== loopAnswer)
        throw createUnfinishedLoopError({
          contender: `toolloop on ${wire} (${result.stopReason}${result.error === undefined ? '' : `: ${result.error.message}`})`,
          request: result.rounds,
          answer: result.text,
        });
    },
  };
}
