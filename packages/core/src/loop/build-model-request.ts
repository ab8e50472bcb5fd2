import type { ModelRequest } from '../model/model.js';
import type { ToolRegistry } from './create-tool-registry.js';
import { composeSystemPrompt } from './progressive-prompt.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';
import type { TurnState } from './turn-state.js';

/** The next request of a turn. The final request (after a cap) offers no tools, so the model must answer. */
export function buildModelRequest({
  state,
  registry,
  options,
  isFinal,
  signal,
}: {
  state: TurnState;
  registry: ToolRegistry;
  options: ResolvedLoopOptions;
  isFinal: boolean;
  signal: AbortSignal;
}): ModelRequest {
  const request: ModelRequest = {
    messages: [...state.messages],
    tools: isFinal ? [] : registry.definitions,
    signal,
  };
  const system = composeSystemPrompt({
    system: options.system,
    progressivePrompt: options.progressivePrompt,
    round: state.rounds,
    isFinal,
  });
  if (system !== undefined) request.system = system;
  if (!isFinal && options.toolChoice !== undefined && registry.definitions.length > 0) {
    request.toolChoice = options.toolChoice;
  }
  if (options.thinking !== undefined) request.thinking = options.thinking;
  if (options.maxTokens !== undefined) request.maxTokens = options.maxTokens;
  if (Number.isFinite(options.maxToolsPerResponse)) request.maxToolsPerResponse = options.maxToolsPerResponse;
  return request;
}
