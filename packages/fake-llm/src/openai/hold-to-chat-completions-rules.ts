import type { FakeLlmState } from '../handler/fake-llm-state.js';
import type { ArrivedRequest } from '../handler/receive-request.js';
import { refuseRequest } from '../handler/refuse-request.js';
import type { ChatCompletionsQuirks } from './chat-completions-dialect.js';
import {
  parseChatCompletionsRequestBody,
  type ChatCompletionsRequestBody,
} from './chat-completions-request-body.js';
import { chatCompletionsRules } from './chat-completions-rules.js';
import { findChatCompletionsRefusal } from './rules/apply-chat-completions-rules.js';
import type { ChatCompletionsRuleContext } from './rules/chat-completions-rule.js';

/**
 * Holds a chat completions request to the refusing rules of its script's dialect (`chatCompletionsRules`, less
 * those `strictness.relax` names) and reads it: the first rule it breaks answers it with the API's error, and a
 * body that is no chat completions request at all (no `messages` list) is refused too. Neither takes a step.
 */
export function holdToChatCompletionsRules(options: {
  state: FakeLlmState;
  arrived: ArrivedRequest;
  quirks: ChatCompletionsQuirks;
}):
  | { success: true; value: { body: ChatCompletionsRequestBody; context: ChatCompletionsRuleContext } }
  | { success: false; response: Response } {
  const { state, arrived, quirks } = options;
  const { route, json } = arrived;
  const { script } = route;
  const parsed = parseChatCompletionsRequestBody(json);
  const context: ChatCompletionsRuleContext | undefined = isRecord(json)
    ? {
        body: json,
        bodyLength: arrived.bodyText.length,
        request: parsed.success ? parsed.value : undefined,
        dialect: script.dialect ?? 'openai',
        quirks,
        scriptModels: script.models,
        toolFormat: script.toolFormat ?? 'native',
        answers: route.chatCompletionsAnswers,
      }
    : undefined;
  const found =
    context === undefined
      ? undefined
      : findChatCompletionsRefusal({ rules: chatCompletionsRules, context, relaxed: state.relaxedRules });
  if (found !== undefined) {
    const { id, source } = found.rule;
    const refusal = {
      type: 'rule',
      endpoint: 'chat-completions',
      ruleId: id,
      source,
      refusal: found.refusal,
    } as const;
    return { success: false, response: refuseRequest({ state, scriptId: route.id, refusal }) };
  }
  if (parsed.success && context !== undefined)
    return { success: true, value: { body: parsed.value, context } };
  const refusal = {
    type: 'invalid-body',
    endpoint: 'chat-completions',
    scriptName: route.name,
    problem: parsed.success ? 'the body is not a JSON object' : parsed.error,
  } as const;
  return { success: false, response: refuseRequest({ state, scriptId: route.id, refusal }) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
