import type { LoopEvent } from './loop-event.js';
import { buildModelRequest } from './build-model-request.js';
import { turnFeatures } from './features/turn-features.js';
import type { RequestDraft } from './request-draft.js';
import { toStepInfo } from './report-turn.js';
import type { ResponseStep } from './response-step.js';
import { streamModelResponse } from './stream-model-response.js';
import type { Turn } from './turn.js';
import { recordResponse, startResponseText, toolCallsOf } from './turn-state.js';

/**
 * Prepares the next request (each feature shapes it in turn: the progressive prompt, the host's `prepareStep`,
 * the context limit), streams the model's response and records it in the transcript.
 */
export async function* requestResponse(turn: Turn): AsyncGenerator<LoopEvent, ResponseStep> {
  const { state, options, registry, signal, outbox } = turn;
  const isFinal = state.finalAnswerFor !== undefined;
  const draft: RequestDraft = {
    system: options.system,
    volatileSystemSuffix: undefined,
    tools: registry.definitions,
    toolNames: registry.toolNames,
    toolChoice: options.toolChoice,
    model: options.model,
    messages: state.messages,
    isFinal,
  };
  for (const feature of turnFeatures) {
    // Only a feature that has work to wait for (the host's `prepareStep`) is awaited.
    const prepared = feature.prepareRequest?.(turn, draft);
    if (prepared !== undefined) await prepared;
  }
  state.iterations += 1;
  const addition = draft.volatileSystemSuffix;
  // Without tools there is no choice to make; on the last answer the model may call none.
  draft.toolChoice = draft.tools.length === 0 ? undefined : isFinal ? { type: 'none' } : draft.toolChoice;
  // A `prepareStep` that keeps the round's line at the end keeps it apart too; one that replaces it does not.
  draft.volatileSystemSuffix =
    addition !== undefined && draft.system?.endsWith(addition) === true ? addition : undefined;
  for (const event of outbox.splice(0)) yield event;
  const request = buildModelRequest({ draft, options, signal });
  const started = { iteration: state.iterations, round: state.rounds };
  startResponseText(state);
  const response = yield* streamModelResponse({
    model: draft.model,
    request,
    showStatus: options.statusMessages !== 'off',
    onText: (text) => {
      state.text += text;
    },
  });
  const recordedBefore = state.toolCalls.length;
  for (const { id, renamedTo } of recordResponse({ state, response, modelId: draft.model.modelId })) {
    yield {
      type: 'warning',
      code: 'duplicate_tool_call_id',
      message: `The model gave more than one tool call the id '${id}'; the repeats were renamed ${renamedTo.join(', ')} so that each call gets its own result.`,
    };
  }
  return {
    info: toStepInfo({ started, request, response }),
    calls: toolCallsOf(response),
    toolNames: [...draft.toolNames],
    recordedBefore,
  };
}
