import type { FakeLlmState } from '../handler/fake-llm-state.js';
import type { ArrivedRequest } from '../handler/receive-request.js';
import { refuseRequest } from '../handler/refuse-request.js';
import { isRecord } from '../internal/is-record.js';
import { findRuleRefusal } from '../rules/find-rule-refusal.js';
import { ollamaChatRules } from './ollama-chat-rules.js';
import { readOllamaChatRequestBody, type OllamaChatRequestBody } from './ollama-chat-request-body.js';

/**
 * Holds an Ollama chat request to `ollamaChatRules` (less those `strictness.relax` names) and reads it: the first
 * rule it breaks answers it with Ollama's error, and JSON that is no object is refused as Go's decoder refuses
 * it. Neither takes a step.
 */
export function holdToOllamaChatRules(options: {
  state: FakeLlmState;
  arrived: ArrivedRequest;
}): { success: true; value: OllamaChatRequestBody } | { success: false; response: Response } {
  const { state, arrived } = options;
  const { route, json } = arrived;
  if (!isRecord(json)) {
    const refusal = {
      type: 'rule',
      endpoint: 'ollama',
      ruleId: 'ollama/definition',
      source: 'Go encoding/json',
      refusal: {
        status: 400,
        message: `json: cannot unmarshal ${json === null ? 'null' : Array.isArray(json) ? 'array' : typeof json === 'boolean' ? 'bool' : typeof json} into Go value of type api.ChatRequest`,
      },
    } as const;
    return { success: false, response: refuseRequest({ state, scenarioId: route.id, refusal }) };
  }
  const request = readOllamaChatRequestBody(json);
  const context = { body: json, request, scriptModels: route.script.models };
  const found = findRuleRefusal({ rules: ollamaChatRules, context, relaxed: state.relaxedRules });
  if (found === undefined) return { success: true, value: request };
  const refusal = {
    type: 'rule',
    endpoint: 'ollama',
    ruleId: found.rule.id,
    source: found.rule.source,
    refusal: found.refusal,
  } as const;
  return { success: false, response: refuseRequest({ state, scenarioId: route.id, refusal }) };
}
