import { createSdkLoopContender } from '../loop-overhead/create-sdk-loop-contender.js';
import { createBedrockFloor } from './create-bedrock-floor.js';
import { createGeminiFloor } from './create-gemini-floor.js';
import { createOllamaFloor } from './create-ollama-floor.js';
import { createOpenAiChatFloor } from './create-openai-chat-floor.js';
import { createOpenAiResponsesFloor } from './create-openai-responses-floor.js';
import type { WireContender } from './wire-contender.js';
import type { WireId } from './wire-id.js';

/**
 * The floor of `wire`: the least tool loop a user writes by hand on the wire's official SDK. On Anthropic's it
 * is the loop benchmark's loop on the bare SDK.
 */
export function createWireFloor({ wire, rounds }: { wire: WireId; rounds: number }): WireContender {
  switch (wire) {
    case 'anthropic': {
      const loop = createSdkLoopContender({ rounds });
      return { wire, role: 'floor', run: (scriptURL) => loop.run(scriptURL) };
    }
    case 'openai-chat':
      return createOpenAiChatFloor({ rounds });
    case 'openai-responses':
      return createOpenAiResponsesFloor({ rounds });
    case 'gemini':
      return createGeminiFloor({ rounds });
    case 'bedrock':
      return createBedrockFloor({ rounds });
    case 'ollama':
      return createOllamaFloor({ rounds });
    default: {
      const unexpected: never = wire;
      throw new Error(`Unknown wire ${String(unexpected)}`);
    }
  }
}
