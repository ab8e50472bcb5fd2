import type {
  CallToolResult,
  ClientCapabilities,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ElicitResult,
  ListRootsResult,
} from '@modelcontextprotocol/sdk/types.js';
import { fillAnswerPlaceholders, toPlaceholderValues } from '../spec/fill-placeholders.js';
import type { InputQuestion, InputRequiredSpec } from '../spec/input-required-spec-schema.js';
import { answerWithResponse } from './answer-with-response.js';
import type { CallContext } from './call-context.js';
import { checkInputAnswer } from './check-input-answer.js';
import { errorResult } from './error-result.js';
import { InputNeeded, type InputRequest, type InputRound } from './input-request.js';
import { supportsElicitationMode } from './run-elicitation.js';
import { refuseMissingCapability } from './refuse-missing-capability.js';

/**
 * The `inputRequired` response: asks its round of questions together — in 2026-07-28 as one `input_required`
 * answer, in 2025-11-25 as requests sent one after the other during the call — leaving out those the client
 * declared no capability for; then answers with `then`, its placeholders filled from the answers, or asks the
 * next round. A client that can answer none of a round's questions gets an isError result that says so.
 */
export async function runInputRequired(options: {
  toolName: string;
  spec: InputRequiredSpec;
  context: CallContext;
  /** The placeholder values of the rounds before. */
  filled?: Readonly<Record<string, string>>;
}): Promise<CallToolResult> {
  const { toolName, spec, context } = options;
  const round: InputRound = {};
  for (const [name, question] of Object.entries(spec.ask)) {
    if (canAnswer(question, context.clientCapabilities)) round[name] = toRequest(question);
  }
  if (Object.keys(round).length === 0) {
    return refuseMissingCapability({
      context,
      required: Object.assign({}, ...Object.values(spec.ask).map(requiredCapability)) as ClientCapabilities,
      message: `Tool '${toolName}' asks ${Object.keys(spec.ask).join(', ')}, but the client declared none of the capabilities they need (${Object.values(spec.ask).map(capabilityOf).join(', ')}).`,
    });
  }
  const exchanges = recordRound({ round, context });
  let answers: Record<string, unknown>;
  try {
    answers = await context.askRound(round);
  } catch (error) {
    context.signal.throwIfAborted();
    if (error instanceof InputNeeded) throw error;
    return errorResult(
      `The input requests failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const values: Record<string, string> = { ...options.filled };
  for (const [name, request] of Object.entries(round)) {
    let answer;
    try {
      answer = checkInputAnswer({ request, answer: answers[name], validator: context.validator });
    } catch (error) {
      return errorResult(
        `The answer to '${name}': ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    exchanges.get(name)?.(answer);
    Object.assign(values, placeholderValues({ name, request, answer }));
  }
  if ('inputRequired' in spec.then) {
    return runInputRequired({ toolName, spec: spec.then.inputRequired, context, filled: values });
  }
  return answerWithResponse({
    toolName,
    arguments: context.call.arguments,
    response: fillAnswerPlaceholders(spec.then, values),
    context,
  });
}

function toRequest(question: InputQuestion): InputRequest {
  if ('elicit' in question) {
    const { elicit } = question;
    return {
      method: 'elicitation/create',
      params:
        elicit.mode === 'url'
          ? { mode: 'url', message: elicit.message, url: elicit.url ?? '' }
          : {
              mode: 'form',
              message: elicit.message,
              requestedSchema: elicit.requestedSchema as never,
            },
    };
  }
  if ('sample' in question) return { method: 'sampling/createMessage', params: question.sample };
  return { method: 'roots/list' };
}

function capabilityOf(question: InputQuestion): string {
  if ('elicit' in question) return `elicitation (${question.elicit.mode})`;
  return 'sample' in question ? 'sampling' : 'roots';
}

function requiredCapability(question: InputQuestion): ClientCapabilities {
  if ('elicit' in question) return { elicitation: { [question.elicit.mode]: {} } };
  return 'sample' in question ? { sampling: {} } : { roots: {} };
}

function canAnswer(question: InputQuestion, capabilities: ClientCapabilities | undefined): boolean {
  if ('elicit' in question) return supportsElicitationMode({ capabilities, mode: question.elicit.mode });
  return 'sample' in question ? capabilities?.sampling !== undefined : capabilities?.roots !== undefined;
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

/** `{{name}}`: the user's action, the model's text, the roots' URIs; `{{name.field}}`: a field the user filled in. */
function placeholderValues(options: {
  name: string;
  request: InputRequest;
  answer: unknown;
}): Record<string, string> {
  const { name, request, answer } = options;
  if (request.method === 'elicitation/create') {
    const { action, content } = answer as ElicitResult;
    const fields = toPlaceholderValues(content ?? {});
    return {
      [name]: action,
      ...Object.fromEntries(Object.entries(fields).map(([field, value]) => [`${name}.${field}`, value])),
    };
  }
  if (request.method === 'sampling/createMessage') {
    const { content } = answer as CreateMessageResult | CreateMessageResultWithTools;
    const blocks = Array.isArray(content) ? content : [content];
    return { [name]: blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n') };
  }
  return { [name]: (answer as ListRootsResult).roots.map((root) => root.uri).join(',') };
}
