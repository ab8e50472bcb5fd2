import type { FakeLlmState } from '../handler/fake-llm-state.js';
import type { ArrivedRequest } from '../handler/receive-request.js';
import { refuseRequest } from '../handler/refuse-request.js';
import { findRuleRefusal } from '../rules/find-rule-refusal.js';
import type { BedrockOperation } from './bedrock-path.js';
import { parseBedrockRequestBody, type BedrockRequestBody } from './bedrock-request-body.js';
import { bedrockRules } from './bedrock-rules.js';

/**
 * Holds a Converse request to `bedrockRules` (less those `strictness.relax` names) and reads it: the first rule
 * it breaks answers it with Bedrock's error, and a body that is not a JSON object is refused too. Neither takes
 * a step.
 */
export function holdToBedrockRules(options: {
  state: FakeLlmState;
  arrived: ArrivedRequest;
  request: Request;
  operation: BedrockOperation;
  modelId: string;
}): { success: true; value: BedrockRequestBody } | { success: false; response: Response } {
  const { state, arrived } = options;
  const { route, json } = arrived;
  const parsed = parseBedrockRequestBody({ json, modelId: options.modelId, operation: options.operation });
  if (!parsed.success) {
    const refusal = {
      type: 'invalid-body',
      endpoint: 'bedrock',
      scriptName: route.name,
      problem: parsed.error,
    } as const;
    return { success: false, response: refuseRequest({ state, scriptId: route.id, refusal }) };
  }
  const context = {
    body: json as Record<string, unknown>,
    request: parsed.value,
    authorization: options.request.headers.get('authorization'),
    scriptModels: route.script.models,
    answers: route.bedrockAnswers,
  };
  const found = findRuleRefusal({ rules: bedrockRules, context, relaxed: state.relaxedRules });
  if (found === undefined) return parsed;
  const refusal = {
    type: 'rule',
    endpoint: 'bedrock',
    ruleId: found.rule.id,
    source: found.rule.source,
    refusal: found.refusal,
  } as const;
  return { success: false, response: refuseRequest({ state, scriptId: route.id, refusal }) };
}
