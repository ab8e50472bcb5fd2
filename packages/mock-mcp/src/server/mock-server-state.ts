import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { LogLevel } from '../spec/log-message-schema.js';
import type { MockPrompt } from '../spec/mock-prompt-schema.js';
import type { MockResource } from '../spec/mock-resource-schema.js';
import type { MockResourceTemplate } from '../spec/mock-resource-template-schema.js';
import type { MockServerSpec } from '../spec/mock-server-spec-schema.js';
import type { MockTool } from '../spec/mock-tool-schema.js';
import type { MockCallOutcome, MockToolCall } from './mock-tool-call.js';
import type { MockResponse } from '../spec/mock-response-schema.js';
import { createPendingInputs, type PendingInputs } from './pending-inputs.js';

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

/** A 2026-07-28 tool call waiting for the client's answers: what its retry goes on with. */
export interface PendingCall {
  call: MockToolCall;
  /** The response the call is answering with (chosen once, on its first request). */
  response: MockResponse;
}

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
  /** 2026-07-28 calls waiting for the client's answers; one dropped past the limit ends `cancelled`. */
  pendingCalls: PendingInputs<PendingCall>;
  /** 2026-07-28 `prompts/get` requests waiting for the client's answers: the response each chose. */
  pendingPrompts: PendingInputs<{ responseIndex: number }>;
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
  const state: MockServerState = {
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
    pendingCalls: createPendingInputs<PendingCall>({
      onDropped: ({ call }) => {
        endCall({ state, call, outcome: 'cancelled' });
      },
    }),
    pendingPrompts: createPendingInputs(),
    closing: new AbortController(),
    callEndListeners: new Set(),
    nextChange: 0,
    turn: 0,
  };
  return state;
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
