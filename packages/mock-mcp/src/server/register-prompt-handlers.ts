import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { handleCompletion } from './handle-completion.js';
import { handlePromptGet } from './handle-prompt-get.js';
import type { MockServerState } from './mock-server-state.js';
import type { RegisterMockHandler } from './mock-methods.js';
import { toListedPrompt } from './to-listed-definitions.js';

/** Serves `prompts/list` and `prompts/get` (with the prompts capability), and `completion/complete`. */
export function registerPromptHandlers(options: {
  handle: RegisterMockHandler;
  state: MockServerState;
  capabilities: ServerCapabilities;
  requestSignal: (signal: AbortSignal) => AbortSignal;
  /** Checks the answers to a prompt's questions (a form's content against its schema). */
  validator: jsonSchemaValidator;
  crash: () => Promise<void>;
}): void {
  const { handle, state, capabilities, requestSignal, validator, crash } = options;
  if (capabilities.prompts !== undefined) {
    handle('prompts/list', () => ({
      prompts: [...state.prompts.values()].map((prompt) => toListedPrompt(prompt.item)),
    }));
    handle('prompts/get', (params, extra) =>
      handlePromptGet({
        state,
        name: params.name,
        arguments: params.arguments ?? {},
        signal: requestSignal(extra.signal),
        extra,
        validator,
        crash,
      }),
    );
  }
  if (capabilities.completions !== undefined) {
    handle('completion/complete', (params) => handleCompletion({ state, params }));
  }
}
