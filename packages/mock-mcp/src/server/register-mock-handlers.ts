import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { handleToolCall } from './handle-tool-call.js';
import { listToolsPage } from './list-tools-page.js';
import type { RegisterMockHandler } from './mock-methods.js';
import type { MockServerState, MockSession } from './mock-server-state.js';
import { registerPromptHandlers } from './register-prompt-handlers.js';
import { registerResourceHandlers } from './register-resource-handlers.js';
import { toListedTool } from './to-listed-tool.js';

/**
 * Registers every request a mock answers on one session's server, in either protocol revision: tools, and the
 * resources, prompts, completions and logging its capabilities declare. `crash` ends the session.
 */
export function registerMockHandlers(options: {
  handle: RegisterMockHandler;
  state: MockServerState;
  session: MockSession;
  capabilities: ServerCapabilities;
  validator: jsonSchemaValidator;
  crash: () => Promise<void>;
}): void {
  const { handle, state, session, capabilities, validator, crash } = options;
  const requestSignal = (signal: AbortSignal) => AbortSignal.any([signal, state.closing.signal]);
  handle('tools/list', (params) =>
    listToolsPage({
      tools: [...state.tools.values()].map((toolState) => toListedTool(toolState.tool)),
      pageSize: state.spec.toolsPageSize,
      cursor: params?.cursor,
    }),
  );
  handle('tools/call', (params, extra) =>
    handleToolCall({
      state,
      // A 2026-07-28 request carries its own log level.
      session:
        extra.input.protocol === '2026-07-28' && extra.input.logLevel !== undefined
          ? { ...session, logLevel: extra.input.logLevel }
          : session,
      params,
      extra,
      validator,
      crash,
    }),
  );
  if (capabilities.resources !== undefined) {
    registerResourceHandlers({ handle, state, session, requestSignal, crash });
  }
  if (capabilities.prompts !== undefined || capabilities.completions !== undefined) {
    registerPromptHandlers({ handle, state, capabilities, requestSignal, validator, crash });
  }
  if (capabilities.logging !== undefined && session.peer.protocol === '2025-11-25') {
    handle('logging/setLevel', (params) => {
      session.logLevel = params.level;
      return {};
    });
  }
}
