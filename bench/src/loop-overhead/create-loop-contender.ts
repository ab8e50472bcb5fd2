import { createFloorContender } from './create-floor-contender.js';
import { createProviderContender } from './create-provider-contender.js';
import { createSdkLoopContender } from './create-sdk-loop-contender.js';
import { createToolRunnerContender } from './create-tool-runner-contender.js';
import { createToolloopContender } from './create-toolloop-contender.js';
import { createVercelAiContender } from './create-vercel-ai-contender.js';
import type { LoopContender, LoopContenderId, LoopShape } from './loop-contender.js';

/**
 * The context limit of the `toolloop-context-limit` contender: far above any benchmark's transcript, so that it
 * sends the same requests as the others and its cost is the limit's check before every request, not a smaller
 * transcript.
 */
export const benchContextLimit = { maxTokens: 10_000_000 };

const factories: Record<LoopContenderId, (shape: LoopShape) => LoopContender> = {
  floor: createFloorContender,
  'sdk-loop': createSdkLoopContender,
  'toolloop-provider': createProviderContender,
  toolloop: createToolloopContender,
  'toolloop-context-limit': (shape) => createToolloopContender({ ...shape, contextLimit: benchContextLimit }),
  'anthropic-tool-runner': createToolRunnerContender,
  'vercel-ai': createVercelAiContender,
};

/** The contender `id`, for a turn of this shape. */
export function createLoopContender(id: LoopContenderId, shape: LoopShape): LoopContender {
  return factories[id](shape);
}
