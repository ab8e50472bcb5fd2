import { isRecord } from '../internal/is-record.js';
import type { FakeLlmModel } from '../models/fake-llm-model.js';
import { resolveRequestModel } from '../models/resolve-request-model.js';
import { readMessagesApiVersion } from './messages-api-version.js';
import type { MessagesOperation, MessagesRequestContext } from './messages-rule-context.js';

/**
 * What the Messages API's rules read of a request as it arrived: its body, the `anthropic-version` it is held to,
 * whether it is a `beta.messages` request (`?beta=true`, as the SDK sends it, or an `anthropic-beta` header),
 * and the model it names, with the limits of the API's model or the script's.
 */
export function readMessagesRequestContext(options: {
  request: Request;
  body: unknown;
  operation: MessagesOperation;
  scriptModels: readonly FakeLlmModel[] | undefined;
}): MessagesRequestContext {
  const { request, body, operation } = options;
  const versionHeader = request.headers.get('anthropic-version');
  const betaHeader = request.headers.get('anthropic-beta');
  const id = isRecord(body) ? body.model : undefined;
  return {
    operation,
    body,
    versionHeader,
    version: readMessagesApiVersion(versionHeader) ?? '2023-06-01',
    beta:
      new URL(request.url).searchParams.get('beta') === 'true' || (betaHeader !== null && betaHeader !== ''),
    betas: (betaHeader ?? '')
      .split(',')
      .map((beta) => beta.trim())
      .filter((beta) => beta !== ''),
    model:
      typeof id === 'string'
        ? resolveRequestModel({ api: 'anthropic-messages', id, scriptModels: options.scriptModels })
        : undefined,
  };
}
