import type {
  CallToolResult,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ElicitResult,
  ListRootsResult,
} from '@modelcontextprotocol/sdk/types.js';
import { fillAnswerPlaceholders } from '../spec/fill-placeholders.js';
import type { InputRequiredSpec } from '../spec/input-required-spec-schema.js';
import { answerWithResponse } from './answer-with-response.js';
import { askInputRounds } from './ask-input-rounds.js';
import type { CallContext } from './call-context.js';
import { errorResult } from './error-result.js';
import type { InputRound } from './input-request.js';

/**
 * The `inputRequired` response of a tool: asks its rounds of questions together — in 2026-07-28 each as one
 * `input_required` answer, in 2025-11-25 as requests sent one after the other during the call — leaving out
 * those the client declared no capability for; then answers with `then`, its placeholders filled from the
 * answers. A client that can answer none of a round's questions gets an isError result that says so (2026-07-28:
 * error -32021).
 */
export async function runInputRequired(options: {
  toolName: string;
  spec: InputRequiredSpec;
  context: CallContext;
}): Promise<CallToolResult> {
  const { toolName, spec, context } = options;
  const asked = await askInputRounds({
    asker: `Tool '${toolName}'`,
    spec,
    input: { ...context, record: (round) => recordRound({ round, context }) },
  });
  if ('failed' in asked) return errorResult(asked.failed);
  return answerWithResponse({
    toolName,
    arguments: context.call.arguments,
    response: fillAnswerPlaceholders(asked.then, asked.values),
    context,
  });
}

/**
 * Records each question of the round in the call (`elicitation`, `sampling`, `roots`), before it is answered;
 * returns, by name, how to record its answer.
 */
function recordRound(options: {
  round: InputRound;
  context: CallContext;
}): Map<string, (answer: unknown) => void> {
  const { round, context } = options;
  const recorders = new Map<string, (answer: unknown) => void>();
  for (const [name, request] of Object.entries(round)) {
    if (request.method === 'elicitation/create') {
      const exchange: (typeof context.call.elicitation)[number] = { request: request.params };
      context.call.elicitation.push(exchange);
      recorders.set(name, (answer) => (exchange.result = answer as ElicitResult));
    } else if (request.method === 'sampling/createMessage') {
      const exchange: (typeof context.call.sampling)[number] = { request: request.params };
      context.call.sampling.push(exchange);
      recorders.set(name, (answer) => {
        exchange.result = answer as CreateMessageResult | CreateMessageResultWithTools;
      });
    } else {
      const exchange: (typeof context.call.roots)[number] = {};
      context.call.roots.push(exchange);
      recorders.set(name, (answer) => (exchange.result = answer as ListRootsResult));
    }
  }
  return recorders;
}
