import { randomUUID } from 'node:crypto';
import type {
  ClientCapabilities,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ElicitResult,
  ListRootsResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { fillKnownPlaceholders, toPlaceholderValues } from '../spec/fill-placeholders.js';
import type { InputQuestion, InputRequiredSpec } from '../spec/input-required-spec-schema.js';
import { checkInputAnswer } from './check-input-answer.js';
import { InputNeeded, type InputRequest, type InputRound } from './input-request.js';
import type { MockProtocolRevision } from './mock-server-state.js';
import { throwIfRequired } from './refuse-missing-capability.js';
import { supportsElicitationMode } from './run-elicitation.js';

/** Who asks a request's questions, and how: what `askInputRounds` needs of the request it answers. */
export interface InputAsker {
  protocol: MockProtocolRevision;
  clientCapabilities: ClientCapabilities | undefined;
  /** Asks a round and resolves with the answers by name, unchecked (2026-07-28: throws `InputNeeded`). */
  askRound: (round: InputRound) => Promise<Record<string, unknown>>;
  validator: jsonSchemaValidator;
  signal: AbortSignal;
  /** Records each question of a round before it is asked; returns, by name, how to record its answer. */
  record?: (round: InputRound) => Map<string, (answer: unknown) => void>;
}

/**
 * Asks the rounds of an `inputRequired` answer, one after the other, leaving out the questions the client
 * declared no capability for; resolves with the final answer and the placeholder values of every answer. A
 * round the client can answer none of is refused (2026-07-28: error -32021, thrown) or `failed` (2025-11-25),
 * as is a round whose answers fail or do not fit. `InputNeeded` (a 2026-07-28 round not answered yet) is thrown.
 */
export async function askInputRounds<Then>(options: {
  /** Who asks, for messages: "Tool 'book'". */
  asker: string;
  spec: InputRequiredSpec<Then>;
  input: InputAsker;
}): Promise<{ then: Then; values: Record<string, string> } | { failed: string }> {
  const { input } = options;
  const values: Record<string, string> = {};
  let spec = options.spec;
  for (;;) {
    const round: InputRound = {};
    for (const [name, question] of Object.entries(spec.ask)) {
      if (canAnswer(question, input.clientCapabilities)) round[name] = toRequest(question);
    }
    if (Object.keys(round).length === 0) {
      const message = `${options.asker} asks ${Object.keys(spec.ask).join(', ')}, but the client declared none of the capabilities they need (${Object.values(spec.ask).map(capabilityOf).join(', ')}).`;
      throwIfRequired({
        protocol: input.protocol,
        required: requiredCapabilities(Object.values(spec.ask)),
        message,
      });
      return { failed: message };
    }
    const recorders = input.record?.(round);
    let answers: Record<string, unknown>;
    try {
      answers = await input.askRound(round);
    } catch (error) {
      input.signal.throwIfAborted();
      if (error instanceof InputNeeded) throw error;
      return {
        failed: `The input requests failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    for (const [name, request] of Object.entries(round)) {
      let answer;
      try {
        answer = checkInputAnswer({ request, answer: answers[name], validator: input.validator });
      } catch (error) {
        return {
          failed: `The answer to '${name}': ${error instanceof Error ? error.message : String(error)}`,
        };
      }
      recorders?.get(name)?.(answer);
      Object.assign(values, placeholderValues({ name, request, answer }));
    }
    const { then } = spec;
    if (typeof then !== 'object' || then === null || !('inputRequired' in then)) return { then, values };
    // The next round's questions may name the answers so far.
    spec = {
      ...then.inputRequired,
      ask: fillKnownPlaceholders(then.inputRequired.ask, values, { dotted: true }),
    };
  }
}

/**
 * 2025-11-25: a round's questions, each sent to the client as a request of its own, one after the other (a URL
 * elicitation with an id of its own, as that revision has it).
 */
export function askInTurn(client: {
  createMessage: (
    params: Extract<InputRequest, { method: 'sampling/createMessage' }>['params'],
  ) => Promise<unknown>;
  elicitInput: (params: never) => Promise<unknown>;
  listRoots: () => Promise<unknown>;
}): (round: InputRound) => Promise<Record<string, unknown>> {
  return async (round) => {
    const answers: Record<string, unknown> = {};
    for (const [name, request] of Object.entries(round)) {
      switch (request.method) {
        case 'elicitation/create':
          answers[name] = await client.elicitInput(
            (request.params.mode === 'url'
              ? { elicitationId: randomUUID(), ...request.params }
              : request.params) as never,
          );
          break;
        case 'sampling/createMessage':
          answers[name] = await client.createMessage(request.params);
          break;
        case 'roots/list':
          answers[name] = await client.listRoots();
          break;
      }
    }
    return answers;
  };
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

/** The capabilities the questions need, together: `{ elicitation: { form: {}, url: {} }, sampling: {} }`. */
function requiredCapabilities(questions: readonly InputQuestion[]): ClientCapabilities {
  const required: ClientCapabilities = {};
  for (const question of questions) {
    if ('elicit' in question) {
      required.elicitation = { ...required.elicitation, [question.elicit.mode]: {} };
    } else if ('sample' in question) {
      required.sampling = {};
    } else {
      required.roots = {};
    }
  }
  return required;
}

function canAnswer(question: InputQuestion, capabilities: ClientCapabilities | undefined): boolean {
  if ('elicit' in question) return supportsElicitationMode({ capabilities, mode: question.elicit.mode });
  return 'sample' in question ? capabilities?.sampling !== undefined : capabilities?.roots !== undefined;
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
