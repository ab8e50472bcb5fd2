import { shortenForMessage } from '../internal/shorten-for-message.js';
import { describeThreadRefusal, type ThreadRefusal } from '../threads/describe-thread-refusal.js';
import { describeRequestLine } from './describe-request-line.js';
import { describeUnknownPath } from './describe-unknown-path.js';
import type { RuleRefusal } from '../rules/fake-llm-rule.js';
import type { FakeLlmEndpoint } from './find-endpoint.js';
import type { UnknownPathApi } from './find-unknown-path-api.js';

/** Why the fake refuses a request. A refused request takes no step of any script. */
export type Refusal =
  /** No API at this path; `api` is the one it was meant for (see `findUnknownPathApi`). */
  | { type: 'unknown-path'; method: string; path: string; api: UnknownPathApi }
  /** An API's path with a method other than POST. */
  | { type: 'wrong-method'; endpoint: FakeLlmEndpoint; method: string; path: string }
  /** CONNECT: the fake is no proxy. */
  | { type: 'connect'; target: string }
  /** A content-type other than application/json (`null`: none). */
  | { type: 'content-type'; endpoint: FakeLlmEndpoint; contentType: string | null }
  /** A body over `maxRequestBytes`. */
  | { type: 'too-large'; endpoint: FakeLlmEndpoint; maxBytes: number }
  /** JSON whose objects and arrays nest past the fake's limit; `path` leads to the first container too deep. */
  | { type: 'too-deep'; endpoint: FakeLlmEndpoint; maxDepth: number; path: readonly (string | number)[] }
  /** A body that is not JSON; `where` says where parsing failed. */
  | { type: 'invalid-json'; endpoint: FakeLlmEndpoint; where: string }
  /** JSON that is not a request of the API, such as one without `messages`. */
  | { type: 'invalid-body'; endpoint: FakeLlmEndpoint; scriptName: string; problem: string }
  /** A structured-output format the API refuses (`output_config.format`, `response_format`), in its words. */
  | {
      type: 'output-format';
      endpoint: FakeLlmEndpoint;
      message: string;
      param?: string;
      code?: string | null;
    }
  /** A Messages API `thread` the fake cannot continue. */
  | { type: 'thread'; refusal: ThreadRefusal }
  /** A method, target or headers that make no fetch `Request`. */
  | { type: 'unreadable'; method: string; target: string }
  /** Bytes that are not HTTP/1.1: 400, 408 when the headers never finished in time, 431 when they were too large. */
  | { type: 'malformed'; status: 400 | 408 | 431 }
  /** A rule of the fake's rule table (see `listFakeLlmRules`) that the request breaks, and the API's answer. */
  | { type: 'rule'; endpoint: FakeLlmEndpoint; ruleId: string; source: string; refusal: RuleRefusal };

/** A refusal as an answer: which API's error shape, the status, the error type when not the status's, the words. */
export interface RefusalAnswer {
  /** The error shape: the Messages API's, chat completions' (OpenAI's), Gemini's (Google's), or Ollama's native API's. */
  endpoint: FakeLlmEndpoint;
  status: number;
  type?: string;
  message: string;
  /** `allow: POST` on a 405. */
  allowPost?: boolean;
  /** Sent as `error.details.error_code`, which the Anthropic SDK maps to its own error class. */
  errorCode?: string;
  /** Chat completions: the error's `param` and `code`. */
  param?: string;
  code?: string | null;
  /** What the violation says, when more than the API's message (the rule that refused, and its source). */
  violationMessage?: string;
}

const apis =
  'POST /v1/messages, POST /v1/chat/completions, POST /v1/responses, POST /v1beta/models/<model>:generateContent, POST /model/<modelId>/converse(-stream) (or /script/<id>/…) and POST /api/chat';

const apiNames: Record<FakeLlmEndpoint, string> = {
  messages: 'a Messages API',
  'chat-completions': 'a chat completions',
  responses: 'a Responses API',
  ollama: 'an Ollama chat',
  gemini: 'a generateContent',
  bedrock: 'a Converse',
};

/**
 * The status, error type and message the real API gives for each refusal (see the README's table of refusals).
 * A path the fake does not serve is answered in the shape of the API it was meant for.
 */
export function describeRefusal(refusal: Refusal): RefusalAnswer {
  switch (refusal.type) {
    case 'unknown-path':
      return describeUnknownPath({ ...refusal, apis });
    case 'wrong-method':
      if (refusal.endpoint === 'gemini') return describeUnknownPath({ ...refusal, api: 'gemini', apis });
      if (refusal.endpoint === 'bedrock') return describeUnknownPath({ ...refusal, api: 'bedrock', apis });
      // OpenAI answers a method its path does not take as it answers an unknown path; so does Ollama's router.
      if (refusal.endpoint !== 'messages') {
        const api = refusal.endpoint === 'ollama' ? 'ollama' : 'openai';
        return describeUnknownPath({ ...refusal, api, apis });
      }
      return {
        endpoint: refusal.endpoint,
        status: 405,
        type: 'invalid_request_error',
        allowPost: true,
        message: `${shortenForMessage(refusal.path)} takes POST, not ${shortenForMessage(refusal.method, 20)}. The fake LLM answers ${apis}.`,
      };
    case 'connect':
      return {
        endpoint: 'messages',
        status: 405,
        type: 'invalid_request_error',
        allowPost: true,
        message: `The fake LLM is no proxy and does not answer CONNECT ${shortenForMessage(refusal.target)}; it answers ${apis}.`,
      };
    case 'content-type': {
      const sent =
        refusal.contentType === null
          ? 'no content-type'
          : `content-type '${shortenForMessage(refusal.contentType)}'`;
      return {
        endpoint: refusal.endpoint,
        status: 400,
        message: `The request has ${sent}; send the body as JSON with content-type: application/json.`,
      };
    }
    case 'too-large':
      return {
        endpoint: refusal.endpoint,
        status: 413,
        type: refusal.endpoint === 'messages' ? 'request_too_large' : 'invalid_request_error',
        message:
          `Request exceeds the maximum size: the fake LLM reads request bodies up to ${refusal.maxBytes} bytes ` +
          `(createFakeLlm's maxRequestBytes option); send a smaller request.`,
      };
    case 'too-deep':
      return {
        endpoint: refusal.endpoint,
        status: 400,
        message:
          `The request body nests deeper than ${String(refusal.maxDepth)} levels of objects and arrays ` +
          `(at ${describeDeepPath(refusal.path)}): the fake LLM reads bodies up to that depth, a ` +
          `limit of its own (the real API documents none); send a shallower body.`,
      };
    case 'invalid-json':
      return {
        endpoint: refusal.endpoint,
        status: 400,
        message: describeInvalidJson(refusal),
      };
    case 'invalid-body': {
      const api = apiNames[refusal.endpoint];
      return {
        endpoint: refusal.endpoint,
        status: 400,
        message: `Fake LLM script '${refusal.scriptName}': not ${api} request (${refusal.problem}).`,
      };
    }
    case 'output-format':
      return {
        endpoint: refusal.endpoint,
        status: 400,
        type: 'invalid_request_error',
        message: refusal.message,
        ...(refusal.param === undefined ? {} : { param: refusal.param }),
        ...(refusal.code === undefined ? {} : { code: refusal.code }),
      };
    case 'thread':
      return { endpoint: 'messages', ...describeThreadRefusal(refusal.refusal) };
    case 'unreadable':
      return {
        endpoint: 'messages',
        status: 400,
        message: `The fake LLM cannot read ${describeRequestLine(refusal.method, refusal.target)} (its target or headers); it answers ${apis}.`,
      };
    case 'rule': {
      const { status, type, message, param, code } = refusal.refusal;
      return {
        endpoint: refusal.endpoint,
        status,
        message,
        ...(type === undefined ? {} : { type }),
        ...(param === undefined ? {} : { param }),
        ...(code === undefined ? {} : { code }),
        // The rule's id leads to its source (listFakeLlmRules, the README): a source of several links would bury
        // the API's message.
        violationMessage: `The real API refuses this request (fake LLM rule ${refusal.ruleId}): ${message}`,
      };
    }
    case 'malformed':
      return {
        endpoint: 'messages',
        status: refusal.status,
        type: 'invalid_request_error',
        message: `The fake LLM could not read the request as HTTP/1.1${malformedReasons[refusal.status]}; it answers ${apis}.`,
      };
    default: {
      const unexpected: never = refusal;
      throw new Error(`Unexpected refusal ${JSON.stringify(unexpected)}`);
    }
  }
}

/**
 * A path of hundreds of fields, cut to its first eight and its last two (each field name cut to 40 characters):
 * where it starts, and the container that went too deep, in a message of bounded length.
 */
function describeDeepPath(path: readonly (string | number)[]): string {
  const names = path.map((name) => shortenForMessage(String(name), 40));
  if (names.length <= 12) return names.join('.');
  return `${names.slice(0, 8).join('.')}.…(${String(names.length - 10)} more).${names.slice(-2).join('.')}`;
}

/** What each API says of a body that is not JSON (Ollama: Go's decoder's words, which the fake does not copy). */
function describeInvalidJson(refusal: { endpoint: FakeLlmEndpoint; where: string }): string {
  switch (refusal.endpoint) {
    case 'messages':
    case 'gemini':
    case 'bedrock':
      return `The request body is not valid JSON${refusal.where}; send one JSON object.`;
    case 'ollama':
      return `invalid character in the JSON body${refusal.where}: the fake LLM, like Ollama, reads one JSON object.`;
    case 'chat-completions':
    case 'responses':
      return `We could not parse the JSON body of your request${refusal.where}: the fake LLM, like the OpenAI API, expects a JSON payload.`;
    default: {
      const unexpected: never = refusal.endpoint;
      throw new Error(`Unexpected endpoint ${String(unexpected)}`);
    }
  }
}

const malformedReasons = {
  400: '',
  408: ' (its headers did not arrive in time)',
  431: ' (its headers are too large)',
};
