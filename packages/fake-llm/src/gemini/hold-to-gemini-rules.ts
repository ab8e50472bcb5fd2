import type { FakeLlmState } from '../handler/fake-llm-state.js';
import type { ArrivedRequest } from '../handler/receive-request.js';
import { refuseRequest } from '../handler/refuse-request.js';
import { isRecord } from '../internal/is-record.js';
import { resolveRequestModel } from '../models/resolve-request-model.js';
import { findRuleRefusal } from '../rules/find-rule-refusal.js';
import { geminiDefinition } from './gemini-definition.js';
import { parseGeminiRequestBody, type GeminiRequestBody } from './gemini-request-body.js';
import { geminiRules } from './gemini-rules.js';
import type { GeminiPath } from './read-gemini-path.js';
import { readGeminiFieldNames } from './read-gemini-field-names.js';
import type { GeminiRuleContext } from './rules/gemini-rule.js';

/**
 * Holds a generateContent request to `geminiRules` (less those `strictness.relax` names) and reads it: the first
 * rule it breaks answers it with the API's error, and a body that is no generateContent request at all is refused
 * too. Neither takes a step.
 */
export function holdToGeminiRules(options: {
  state: FakeLlmState;
  arrived: ArrivedRequest;
  path: GeminiPath;
}):
  | { success: true; value: { body: GeminiRequestBody; model: GeminiRuleContext['model'] } }
  | { success: false; response: Response } {
  const { state, arrived, path } = options;
  const { route } = arrived;
  const json = readGeminiFieldNames({ definition: geminiDefinition, body: arrived.json });
  const parsed = parseGeminiRequestBody(json);
  const model = resolveRequestModel({ api: 'gemini', id: path.model, scriptModels: route.script.models });
  const context: GeminiRuleContext | undefined = isRecord(json)
    ? {
        body: json,
        request: parsed.success ? parsed.value : undefined,
        path,
        model,
        answers: route.geminiAnswers,
      }
    : undefined;
  const found =
    context === undefined
      ? undefined
      : findRuleRefusal({ rules: geminiRules, context, relaxed: state.relaxedRules });
  if (found !== undefined) {
    const { id, source } = found.rule;
    const refusal = { type: 'rule', endpoint: 'gemini', ruleId: id, source, refusal: found.refusal } as const;
    return { success: false, response: refuseRequest({ state, scriptId: route.id, refusal }) };
  }
  if (parsed.success) return { success: true, value: { body: parsed.value, model } };
  const refusal = {
    type: 'invalid-body',
    endpoint: 'gemini',
    scriptName: route.name,
    problem: parsed.error,
  } as const;
  return { success: false, response: refuseRequest({ state, scriptId: route.id, refusal }) };
}
