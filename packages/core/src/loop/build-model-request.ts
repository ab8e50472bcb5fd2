import type { ModelRequest } from '../model/model.js';
import type { RequestDraft } from './request-draft.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';

/**
 * The next request of a turn, from its draft as the features shaped it. The final request (after a cap) still defines the tools — the
 * transcript holds tool calls and results, which the Messages API refuses without tool definitions — with the
 * tool choice `none`, so the model must answer.
 */
export function buildModelRequest({
  draft: plan,
  options,
  signal,
}: {
  draft: RequestDraft;
  options: ResolvedLoopOptions;
  signal: AbortSignal;
}): ModelRequest {
  const request: ModelRequest = { messages: plan.messages, tools: plan.tools, signal };
  if (plan.system !== undefined) request.system = plan.system;
  if (plan.volatileSystemSuffix !== undefined) request.volatileSystemSuffix = plan.volatileSystemSuffix;
  if (plan.toolChoice !== undefined) request.toolChoice = plan.toolChoice;
  if (options.thinking !== undefined) request.thinking = options.thinking;
  if (options.maxTokens !== undefined) request.maxTokens = options.maxTokens;
  if (Number.isFinite(options.maxToolsPerResponse)) request.maxToolsPerResponse = options.maxToolsPerResponse;
  // A step's model may be another than the turn's (`prepareStep`): only one that can is sent the format.
  if (options.output !== undefined && plan.model.supportsStructuredOutput === true) {
    request.responseFormat = {
      type: 'json',
      schema: options.output.schema.jsonSchema,
      name: options.output.schema.name,
    };
  }
  return request;
}
