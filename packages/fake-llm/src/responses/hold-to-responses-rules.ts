import type { FakeLlmState } from '../handler/fake-llm-state.js';
import type { ArrivedRequest } from '../handler/receive-request.js';
import { refuseRequest } from '../handler/refuse-request.js';
import { isRecord } from '../internal/is-record.js';
import { findRuleRefusal } from '../rules/find-rule-refusal.js';
import { resolveResponsesConversation } from './resolve-responses-conversation.js';
import { parseResponsesRequestBody, type ResponsesRequestBody } from './responses-request-body.js';
import { responsesRules } from './responses-rules.js';
import type { ResponsesRuleContext } from './rules/responses-rule.js';

/**
 * Holds a Responses API request to `responsesRules` (less those `strictness.relax` names) and reads it: the
 * first rule it breaks answers it with the API's error, and a body that is no Responses API request at all is
 * refused too. Neither takes a step. Also gives the conversation the request stands for (see
 * `resolveResponsesConversation`), to be kept with the answer.
 */
export function holdToResponsesRules(options: {
  state: FakeLlmState;
  arrived: ArrivedRequest;
}):
  | { success: true; value: { body: ResponsesRequestBody; conversation: Record<string, unknown>[] } }
  | { success: false; response: Response } {
  const { state, arrived } = options;
  const { route, json } = arrived;
  const parsed = parseResponsesRequestBody(json);
  const conversation = parsed.success
    ? resolveResponsesConversation({ request: parsed.value, store: route.responses })
    : undefined;
  const context: ResponsesRuleContext | undefined = isRecord(json)
    ? {
        body: json,
        request: parsed.success ? parsed.value : undefined,
        scriptModels: route.script.models,
        conversation: conversation ?? (parsed.success ? parsed.value.input : []),
        previousResponseKept: conversation !== undefined,
        answers: route.responsesAnswers,
      }
    : undefined;
  const found =
    context === undefined
      ? undefined
      : findRuleRefusal({ rules: responsesRules, context, relaxed: state.relaxedRules });
  if (found !== undefined) {
    const { id, source } = found.rule;
    const refusal = {
      type: 'rule',
      endpoint: 'responses',
      ruleId: id,
      source,
      refusal: found.refusal,
    } as const;
    return { success: false, response: refuseRequest({ state, scriptId: route.id, refusal }) };
  }
  if (parsed.success && context !== undefined) {
    return { success: true, value: { body: parsed.value, conversation: [...context.conversation] } };
  }
  const refusal = {
    type: 'invalid-body',
    endpoint: 'responses',
    scriptName: route.name,
    problem: parsed.success ? 'the body is not a JSON object' : parsed.error,
  } as const;
  return { success: false, response: refuseRequest({ state, scriptId: route.id, refusal }) };
}
