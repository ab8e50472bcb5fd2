import type { CompleteRequest, CompleteResult } from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcReplyError } from '../errors/json-rpc-reply-error.js';
import { describeResources } from './find-resource.js';
import type { MockServerState } from './mock-server-state.js';

const invalidParamsCode = -32602;
/** MCP sends at most this many completion values. */
const maxValues = 100;

/**
 * Answers `completion/complete`: the `complete` values of the prompt argument or template variable that start
 * with what was typed (ignoring case), at most 100, with `total` and `hasMore`. An argument without values
 * completes to none; an unknown prompt or resource is InvalidParams.
 */
export function handleCompletion(options: {
  state: MockServerState;
  params: CompleteRequest['params'];
}): CompleteResult {
  const { state, params } = options;
  const candidates = findCandidates({ state, params });
  const typed = params.argument.value.toLowerCase();
  const matching = candidates.filter((value) => value.toLowerCase().startsWith(typed));
  return {
    completion: {
      values: matching.slice(0, maxValues),
      total: matching.length,
      hasMore: matching.length > maxValues,
    },
  };
}

function findCandidates(options: { state: MockServerState; params: CompleteRequest['params'] }): string[] {
  const { state, params } = options;
  const { ref, argument } = params;
  if (ref.type === 'ref/prompt') {
    const prompt = state.prompts.get(ref.name);
    if (prompt === undefined) {
      throw new JsonRpcReplyError({
        code: invalidParamsCode,
        message: `Cannot complete an argument of prompt '${ref.name}': no such prompt. Prompts: ${[...state.prompts.keys()].join(', ') || '(none)'}.`,
      });
    }
    return prompt.item.arguments?.find((candidate) => candidate.name === argument.name)?.complete ?? [];
  }
  const template = state.resourceTemplates.find((candidate) => candidate.item.uriTemplate === ref.uri);
  if (template !== undefined) return template.item.complete?.[argument.name] ?? [];
  if (state.resources.has(ref.uri)) return [];
  throw new JsonRpcReplyError({
    code: invalidParamsCode,
    message: `Cannot complete a variable of resource '${ref.uri}': no such resource or template. Resources and templates: ${describeResources(state)}.`,
  });
}
