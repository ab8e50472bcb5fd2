import type { FakeLlmState } from '../handler/fake-llm-state.js';
import type { ArrivedRequest } from '../handler/receive-request.js';
import { refuseRequest } from '../handler/refuse-request.js';
import { isRecord } from '../internal/is-record.js';
import { findRuleRefusal } from '../rules/find-rule-refusal.js';
import { ollamaChatRules } from './ollama-chat-rules.js';
import { definitionRule } from './rules/definition-rule.js';
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
  // Go decodes `null` into an empty request, which the rules then hold to (no model).
  const body = json === null ? {} : json;
  if (!isRecord(body)) {
    const refusal = {
      type: 'rule',
      endpoint: 'ollama',
      ruleId: 'ollama/definition',
      source: definitionRule.source,
      refusal: {
        status: 400,
        message: `json: cannot unmarshal ${describeGoKind(body)} into Go value of type api.ChatRequest`,
      },
    } as const;
    return { success: false, response: refuseRequest({ state, scriptId: route.id, refusal }) };
  }
  const request = readOllamaChatRequestBody(body);
  const context = { body, request, scriptModels: route.script.models };
  const found = findRuleRefusal({ rules: ollamaChatRules, context, relaxed: state.relaxedRules });
  if (found === undefined) return { success: true, value: request };
  const refusal = {
    type: 'rule',
    endpoint: 'ollama',
    ruleId: found.rule.id,
    source: found.rule.source,
    refusal: found.refusal,
  } as const;
  return { success: false, response: refuseRequest({ state, scriptId: route.id, refusal }) };
}

/** What Go's decoder calls a JSON value that is no object (`null` decodes to an empty request, and passes). */
function describeGoKind(json: unknown): string {
  if (Array.isArray(json)) return 'array';
  return typeof json === 'boolean' ? 'bool' : typeof json;
}
