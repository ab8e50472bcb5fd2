import type { Client, ElicitResult } from '@modelcontextprotocol/client';
import { describeThrown } from '../internal/describe-thrown.js';
import type { JsonObject } from '../json-value.js';

/**
 * A server asks the user for input in the middle of a tool call: a form (`requestedSchema`, a flat JSON Schema
 * object of strings, numbers, booleans and enums), or a page to open (`url`, for what must not pass through the
 * client, such as a sign-in).
 */
export type ElicitationRequest =
  | { mode: 'form'; serverName: string; message: string; requestedSchema: JsonObject }
  | { mode: 'url'; serverName: string; message: string; url: string; elicitationId: string };

/**
 * The user's answer: `accept` (with the form's values; none for a URL), `decline` (they said no), or `cancel`
 * (they dismissed it without choosing). A field an accepted form leaves out takes the schema's `default`.
 */
export type ElicitationResponse =
  | { action: 'accept'; content?: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' }
  | { action: 'cancel' };

/**
 * How a host answers elicitation requests; `signal` aborts when the server gives up, the tool call is given up,
 * or the connection ends. A 2025-11-25 server asks with a request of its own during the call; a 2026-07-28
 * server answers the call with the questions, and the client calls again with the answers: the same handler
 * answers both.
 */
export type ElicitationHandler = (
  request: ElicitationRequest,
  options: { signal: AbortSignal },
) => ElicitationResponse | Promise<ElicitationResponse>;

/**
 * Declares form and URL elicitation on a client that has not connected yet, and answers `elicitation/create`
 * with `onElicitation`, whether it comes as a request (2025-11-25) or inside a tool call's answer (2026-07-28).
 * The MCP SDK checks the request's mode and the answer's shape; the server checks the values against the
 * schema it asked with.
 */
export function attachElicitationHandler({
  client,
  serverName,
  onElicitation,
}: {
  client: Client;
  serverName: string;
  onElicitation: ElicitationHandler;
}): void {
  client.registerCapabilities({ elicitation: { form: {}, url: {} } });
  client.setRequestHandler('elicitation/create', async (request, context): Promise<ElicitResult> => {
    const { params } = request;
    const elicitation: ElicitationRequest =
      params.mode === 'url'
        ? {
            mode: 'url',
            serverName,
            message: params.message,
            url: params.url,
            elicitationId: params.elicitationId,
          }
        : {
            mode: 'form',
            serverName,
            message: params.message,
            requestedSchema: params.requestedSchema as JsonObject,
          };
    let response: ElicitationResponse;
    try {
      response = await onElicitation(elicitation, { signal: context.mcpReq.signal });
    } catch (error) {
      throw new HostHandlerError({ handler: 'onElicitation', cause: error });
    }
    return response.action === 'accept' && elicitation.mode === 'form'
      ? { action: 'accept', content: withDefaults(response.content ?? {}, elicitation.requestedSchema) }
      : response;
  });
}

/** A handler of the host's that threw while answering a server's question: the tool did not fail, the host did. */
export class HostHandlerError extends Error {
  readonly handler: string;
  constructor({ handler, cause }: { handler: string; cause: unknown }) {
    super(`the host's ${handler} failed: ${describeThrown(cause)}`, { cause });
    this.name = 'HostHandlerError';
    this.handler = handler;
  }
}

type FormValue = string | number | boolean | string[];

/** The answer with each field it leaves out set to the schema's `default`, when the schema gives one. */
function withDefaults(content: Record<string, FormValue>, schema: JsonObject): Record<string, FormValue> {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return content;
  const filled = { ...content };
  for (const [name, property] of Object.entries(properties)) {
    if (name in filled || typeof property !== 'object' || property === null || Array.isArray(property))
      continue;
    const fallback = property.default;
    if (isFormValue(fallback)) filled[name] = fallback;
  }
  return filled;
}

function isFormValue(value: unknown): value is FormValue {
  return (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string'))
  );
}
