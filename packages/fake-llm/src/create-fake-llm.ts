import type { HttpHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { cancelMswResponseCopies } from './cancel-msw-response-copies.js';
import { resolveFakeLlmOptions, type FakeLlmOptions } from './fake-llm-options.js';
import { answerCountTokensRequest } from './anthropic/answer-count-tokens-request.js';
import { answerMessagesRequest } from './handler/answer-messages-request.js';
import { defaultScriptId, type FakeLlmState } from './handler/fake-llm-state.js';
import { handleFakeLlmRequest } from './handler/handle-fake-llm-request.js';
import { refuseHttpRequest } from './handler/refuse-http-request.js';
import { createActivityTracker } from './internal/create-activity-tracker.js';
import { requireMsw } from './internal/load-msw.js';
import { createRequestRetention } from './records/create-request-retention.js';
import { answerChatCompletionsRequest } from './openai/answer-chat-completions-request.js';
import { answerOllamaChatRequest } from './ollama/answer-ollama-chat-request.js';
import { answerResponsesRequest } from './responses/answer-responses-request.js';
import { answerGeminiRequest } from './gemini/answer-gemini-request.js';
import { geminiPathPattern } from './handler/find-endpoint.js';
import { answerBedrockRequest } from './bedrock/answer-bedrock-request.js';
import type { FakeLlmViolation } from './records/fake-llm-violation.js';
import type { RecordedRequest } from './records/recorded-request.js';
import type { StreamRecord } from './records/stream-record.js';
import { checkScriptModels } from './models/check-script-models.js';
import { createFakeLlmScriptHandle, type FakeLlmScriptHandle } from './script/fake-llm-script-handle.js';
import { toFakeLlmScript, type FakeLlmScriptInput } from './script/fake-llm-script.js';
import { startHttpServer, type FakeLlmServer } from './server/start-http-server.js';
import { sumThreadBytes } from './threads/message-thread-store.js';
import type { ThreadBytes } from './threads/thread-bytes.js';

/**
 * The paths of the LLM APIs the fake does not serve but answers as their API would (OpenAI's and Anthropic's
 * `/v1/…`, Gemini's `/v1beta/…`, Ollama's native `/api/…`), behind its own msw server.
 */
const llmApiPaths =
  /\/(?:v1beta|model\/[^/]+\/(?:converse|converse-stream|invoke|invoke-with-response-stream)|v1\/(?:messages|chat|responses|completions|complete|embeddings|models|audio|images|batches|files|moderations|fine_tuning|vector_stores|assistants|threads|realtime)|api\/(?:chat|generate|tags|show|pull|push|embed|embeddings|ps|version|create|copy|delete))(?:\/|$)/u;

/**
 * A fake Anthropic Messages API and OpenAI chat completions and Responses APIs that answer from scripts; see
 * `createFakeLlm`.
 */
export interface FakeLlm {
  /**
   * msw handlers for `POST /v1/messages`, `POST /v1/chat/completions`, `POST /v1/responses`, Gemini's
   * `POST /v1beta/models/<model>:generateContent` (and `:streamGenerateContent`), Bedrock's
   * `POST /model/<modelId>/converse(-stream)` and `POST /api/chat` on any origin
   * (the `/script/<id>` prefix included). In your own
   * `setupServer(...fake.handlers)`, also call `cancelMswResponseCopies(server)`, or SDK retries never start.
   * Needs msw installed (an optional peer dependency); reading it without msw throws, saying so.
   */
  readonly handlers: HttpHandler[];
  /**
   * Starts an msw server with these handlers (`onUnhandledRequest: 'error'`), which also answers other
   * `…/v1/…` and `…/api/…` paths and methods as the served fake does (a 404 or 405 in the shape of the API the
   * path belongs to); stop it with `close()`. Needs msw installed, as `handlers` does.
   */
  listen(): void;
  /** Ends every open stream and wait (clients see a failed request), stops the msw server and every `serve` server. */
  close(): Promise<void>;
  /** Serves the fake on a real HTTP server on 127.0.0.1 (`port: 0`, the default, picks a free port). */
  serve(options?: { port?: number }): Promise<FakeLlmServer>;
  /** Registers a script under an id; requests route to it by the `x-toolloop-script` header or a `/script/<id>` path. */
  script(id: string, script: FakeLlmScriptInput): FakeLlmScriptHandle;
  /** The script registered under `id` (default: the one given to `createFakeLlm`). */
  getScript(id?: string): FakeLlmScriptHandle;
  /**
   * Forgets the script `id` once its requests are done: its records leave `requests`, `violations` and `streams`
   * (the object `getScript` gave keeps its own), and a later request for it is refused as for a script never added. A
   * long-lived fake serving one script after another (a scenario runner) keeps its memory flat this way;
   * `threadBytes` then counts the scripts still registered.
   */
  removeScript(id: string): void;
  /** Answers one request as the fake's HTTP server does, without any server (for a custom `fetch`). */
  handle(request: Request): Promise<Response>;
  /**
   * Every request answered from a script, across scripts, in arrival order (auth headers removed). Refused
   * requests are `invalid-request` violations instead; past `maxRetainedRequestBytes`, the oldest are summaries.
   */
  readonly requests: readonly RecordedRequest[];
  /** Every violation found, across scripts, in the order found. */
  readonly violations: readonly FakeLlmViolation[];
  /** One record per streaming response, across scripts. */
  readonly streams: readonly StreamRecord[];
  /**
   * What Messages API message threads saved in request bytes, across scripts: the bytes of the requests with a
   * `thread` the fake answered, and what the same requests would have been as full replays.
   */
  readonly threadBytes: ThreadBytes;
  /** Resolves when no request is being answered and no stream is open. */
  waitForIdle(): Promise<void>;
}

/**
 * Creates a fake LLM that speaks the Anthropic Messages API and the OpenAI chat completions API (SSE streams
 * shaped like the real ones, or JSON) from a script of steps, one per request, and checks what clients send
 * back. The script's `dialect`, `quirks` and `toolFormat` shape chat completions answers. The script given here
 * answers requests that name no script; `fake.script(id, steps)` adds more, for concurrent scenarios. A request
 * the real API refuses — not JSON, another method or path, over `maxRequestBytes`, against a rule that
 * `listFakeLlmRules()` lists, a message thread it cannot continue — gets that API's error and an
 * `invalid-request` violation, and takes no step. Messages API threads are served as the API serves them.
 * `options` bound what it reads and keeps, and which rules it relaxes.
 *
 * @example
 * const fake = createFakeLlm({ name: 'weather', steps: [
 *   { thinking: 'Paris first.', toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
 *   { text: 'Sunny in Paris.' },
 * ] });
 * fake.listen();
 * const client = new Anthropic({ apiKey: 'test', baseURL: 'http://fake-llm.test' });
 */
export function createFakeLlm(script?: FakeLlmScriptInput, options: FakeLlmOptions = {}): FakeLlm {
  const limits = resolveFakeLlmOptions(options);
  const state: FakeLlmState = {
    routes: new Map(),
    records: { requests: [], violations: [], streams: [] },
    retention: createRequestRetention({ maxBytes: limits.maxRetainedRequestBytes }),
    maxRequestBytes: limits.maxRequestBytes,
    minCacheableTokens: limits.minCacheableTokens,
    relaxedRules: limits.relaxedRules,
    activity: createActivityTracker(),
    shutdown: new AbortController(),
    answering: new Set(),
  };
  const servers = new Set<FakeLlmServer>();
  let mswServer: SetupServer | undefined;
  let handlers: HttpHandler[] | undefined;
  const createHandlers = (feature: string): HttpHandler[] => {
    const { http } = requireMsw(feature);
    handlers ??= [
      http.post('*/v1/messages', ({ request }) => answerMessagesRequest({ request, state })),
      http.post('*/v1/messages/count_tokens', ({ request }) => answerCountTokensRequest({ request, state })),
      http.post('*/v1/chat/completions', ({ request }) => answerChatCompletionsRequest({ request, state })),
      http.post('*/v1/responses', ({ request }) => answerResponsesRequest({ request, state })),
      http.post('*/api/chat', ({ request }) => answerOllamaChatRequest({ request, state })),
      http.post(geminiPathPattern, ({ request }) => answerGeminiRequest({ request, state })),
      http.post('*/model/:modelId/converse', ({ request }) => answerBedrockRequest({ request, state })),
      http.post('*/model/:modelId/converse-stream', ({ request }) =>
        answerBedrockRequest({ request, state }),
      ),
    ];
    return handlers;
  };

  const fake: FakeLlm = {
    get handlers() {
      return createHandlers('fake.handlers');
    },
    listen() {
      if (mswServer !== undefined) throw new Error('This fake LLM is already listening; call close() first.');
      const { http, setupServer } = requireMsw('fake.listen()');
      // The fake's own msw server also answers what its HTTP server does on the LLM APIs' other paths and methods
      // (a wire-shaped 404 or 405, and a violation). Any other request, another host's /v1/users included, stays
      // an error (onUnhandledRequest), or goes to a user's own handlers.
      const answerAsServed = ({ request }: { request: Request }) => handleFakeLlmRequest({ request, state });
      const server = setupServer(...createHandlers('fake.listen()'), http.all(llmApiPaths, answerAsServed));
      cancelMswResponseCopies(server);
      server.listen({ onUnhandledRequest: 'error' });
      mswServer = server;
    },
    async close() {
      state.shutdown.abort(new Error('The fake LLM closed.'));
      state.shutdown = new AbortController();
      mswServer?.close();
      mswServer = undefined;
      const closing = [...servers].map((server) => server.close());
      servers.clear();
      await Promise.all(closing);
    },
    async serve(serveOptions = {}) {
      const server = await startHttpServer({
        handle: (request) => handleFakeLlmRequest({ request, state }),
        refuse: (refusal) => refuseHttpRequest({ state, refusal }),
        port: serveOptions.port ?? 0,
      });
      servers.add(server);
      return {
        ...server,
        close: () => {
          servers.delete(server);
          return server.close();
        },
      };
    },
    script(id, input) {
      if (state.routes.has(id))
        throw new Error(`This fake LLM already has a script '${id}'; use another id.`);
      const script = toFakeLlmScript(input);
      const modelProblem = checkScriptModels(script.models ?? []);
      if (modelProblem !== undefined) {
        throw new Error(`Fake LLM script '${id}': ${modelProblem.path}: ${modelProblem.problem}.`);
      }
      const route = createFakeLlmScriptHandle({
        id,
        script,
        shared: state.records,
        retention: state.retention,
      });
      state.routes.set(id, route);
      return route;
    },
    getScript(id = defaultScriptId) {
      const route = state.routes.get(id);
      if (route === undefined) {
        const known = [...state.routes.keys()].join(', ') || 'none';
        throw new Error(`This fake LLM has no script '${id}' (it has: ${known}).`);
      }
      return route;
    },
    removeScript(id) {
      fake.getScript(id);
      state.routes.get(id)?.detach();
      state.routes.delete(id);
    },
    handle: (request) => handleFakeLlmRequest({ request, state }),
    requests: state.records.requests,
    violations: state.records.violations,
    streams: state.records.streams,
    get threadBytes() {
      return sumThreadBytes([...state.routes.values()].map((route) => route.threads));
    },
    waitForIdle: () => state.activity.waitForIdle(),
  };
  if (script !== undefined) fake.script(defaultScriptId, script);
  return fake;
}
