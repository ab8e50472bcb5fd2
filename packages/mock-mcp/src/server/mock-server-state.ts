import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { LogLevel } from '../spec/log-message-schema.js';
import type { MockPrompt } from '../spec/mock-prompt-schema.js';
import type { MockResource } from '../spec/mock-resource-schema.js';
import type { MockResourceTemplate } from '../spec/mock-resource-template-schema.js';
import type { MockServerSpec } from '../spec/mock-server-spec-schema.js';
import type { MockTool } from '../spec/mock-tool-schema.js';
import type { MockCallOutcome, MockToolCall } from './mock-tool-call.js';
import type { MockResponse } from '../spec/mock-response-schema.js';
import type { InputRound } from './input-request.js';

/** A tool of the running server and how many times each of its responses has been used. */
export interface ToolState {
  tool: MockTool;
  uses: number[];
}

/** A resource, template or prompt of the running server and how many times each response has been used. */
export interface ScriptedState<Item> {
  item: Item;
  uses: number[];
}

/** A resource template with its parsed URI template. */
export interface TemplateState extends ScriptedState<MockResourceTemplate> {
  uriTemplate: UriTemplate;
}

/**
 * What one session (one client connection) keeps: its resource subscriptions and the log level it set (in
 * 2025-11-25; a 2026-07-28 client subscribes through `subscriptions/listen` and sends its level with each
 * request), and how the server reaches it outside a request.
 */
export interface MockSession {
  subscriptions: Set<string>;
  logLevel: LogLevel | undefined;
  peer: MockSessionPeer;
}

/** How the server reaches one session outside any request, whichever protocol revision it speaks. */
export interface MockSessionPeer {
  readonly protocol: MockProtocolRevision;
  /** Whether a notification sent now can reach the client (2026-07-28: it has a `subscriptions/listen` open). */
  isListening: () => boolean;
  sendToolListChanged: () => Promise<void>;
  /** 2025-11-25: sent only when the session subscribed to `uri`; 2026-07-28: the listen stream's filter decides. */
  sendResourceUpdated: (uri: string) => Promise<void>;
  close: () => Promise<void>;
}

/** A protocol revision the mock speaks. */
export type MockProtocolRevision = '2025-11-25' | '2026-07-28';

/**
 * A 2026-07-28 tool call waiting for the client's answers (an `input_required` result went out), by the
 * `requestState` the client echoes on its retry.
 */
export interface PendingInput {
  call: MockToolCall;
  /** The response the call is answering with (chosen once, on its first request). */
  response: MockResponse;
  progress: CallProgress;
  /** The questions the client is asked to answer next, asked again on a retry without all their answers. */
  round: InputRound;
}

/** A 2026-07-28 `prompts/get` waiting for the client's answers (its response asks: `inputRequired`). */
export interface PendingPromptInput {
  name: string;
  arguments: Record<string, string>;
  /** The response chosen on its first request. */
  responseIndex: number;
  progress: CallProgress;
  round: InputRound;
}

/** How far a 2026-07-28 call has come, carried from each of its requests to the next. */
export interface CallProgress {
  /** The answers received so far, a round (answers by name) each, in the order the response asked them. */
  answers: Array<Record<string, unknown>>;
  /** How many rounds were asked: up to the last, the response's side effects have happened. */
  asked: number;
  /**
   * The response of the server's own tools chosen for each call a sampled model made, in order, so that a
   * delivery again chooses the same, and counts no use (`times`) twice.
   */
  picks: Array<number | undefined>;
}

/** The most 2026-07-28 calls a server keeps waiting for answers; past it the oldest ends `cancelled`. */
export const maxPendingInputs = 1000;

/** What every session of one mock server shares: its definitions, the call record, and the close signal. */
export interface MockServerState {
  spec: MockServerSpec;
  tools: Map<string, ToolState>;
  /** By URI. */
  resources: Map<string, ScriptedState<MockResource>>;
  resourceTemplates: TemplateState[];
  /** By name. */
  prompts: Map<string, ScriptedState<MockPrompt>>;
  calls: MockToolCall[];
  sessions: Set<MockSession>;
  /** 2026-07-28 calls waiting for the client's answers, by `requestState`. */
  pendingInputs: Map<string, PendingInput>;
  /** 2026-07-28 `prompts/get` requests waiting for the client's answers, by `requestState`. */
  pendingPromptInputs: Map<string, PendingPromptInput>;
  /** Aborts on `close()`, which ends every delay and hang. */
  closing: AbortController;
  callEndListeners: Set<(call: MockToolCall) => void>;
  /** The index in `spec.changes` of the next change of the tool list to apply. */
  nextChange: number;
  /** The host's turn that started last (`startTurn`), 0 before the first. */
  turn: number;
}

/** Creates the shared state of a mock server from its validated spec. */
export function createMockServerState(spec: MockServerSpec): MockServerState {
  return {
    spec,
    tools: new Map(spec.tools.map((tool) => [tool.name, toToolState(tool)])),
    resources: new Map((spec.resources ?? []).map((resource) => [resource.uri, toScriptedState(resource)])),
    resourceTemplates: (spec.resourceTemplates ?? []).map((template) => ({
      ...toScriptedState(template),
      uriTemplate: new UriTemplate(template.uriTemplate),
    })),
    prompts: new Map((spec.prompts ?? []).map((prompt) => [prompt.name, toScriptedState(prompt)])),
    calls: [],
    sessions: new Set(),
    pendingInputs: new Map(),
    pendingPromptInputs: new Map(),
    closing: new AbortController(),
    callEndListeners: new Set(),
    nextChange: 0,
    turn: 0,
  };
}

/** A fresh tool state: no response used yet. */
export function toToolState(tool: MockTool): ToolState {
  return { tool, uses: tool.responses.map(() => 0) };
}

function toScriptedState<Item extends { responses: readonly unknown[] }>(item: Item): ScriptedState<Item> {
  return { item, uses: item.responses.map(() => 0) };
}

/** Marks a call as ended (once) and tells the listeners. */
export function endCall(options: {
  state: MockServerState;
  call: MockToolCall;
  outcome: MockCallOutcome;
}): void {
  const { state, call, outcome } = options;
  if (call.outcome !== undefined) return;
  call.outcome = outcome;
  call.endedAt = Date.now();
  for (const listener of state.callEndListeners) listener(call);
}
