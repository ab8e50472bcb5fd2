import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { handleCompletion } from './handle-completion.js';
import { handlePromptGet } from './handle-prompt-get.js';
import type { MockServerState } from './mock-server-state.js';
import { toListedPrompt } from './to-listed-definitions.js';

/** Serves `prompts/list` and `prompts/get` (with the prompts capability), and `completion/complete`. */
export function registerPromptHandlers(options: {
  session: McpServer;
  state: MockServerState;
  capabilities: ServerCapabilities;
  requestSignal: (signal: AbortSignal) => AbortSignal;
  crash: () => Promise<void>;
}): void {
  const { session, state, capabilities, requestSignal, crash } = options;
  if (capabilities.prompts !== undefined) {
    session.server.setRequestHandler(ListPromptsRequestSchema, () => ({
      prompts: [...state.prompts.values()].map((prompt) => toListedPrompt(prompt.item)),
    }));
    session.server.setRequestHandler(GetPromptRequestSchema, (request, extra) =>
      handlePromptGet({
        state,
        name: request.params.name,
        arguments: request.params.arguments ?? {},
        signal: requestSignal(extra.signal),
        crash,
      }),
    );
  }
  if (capabilities.completions !== undefined) {
    session.server.setRequestHandler(CompleteRequestSchema, (request) =>
      handleCompletion({ state, params: request.params }),
    );
  }
}
