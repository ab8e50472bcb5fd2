import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { MockTool } from '../spec/mock-tool-schema.js';
import type { MockCallOutcome, MockToolCall } from './mock-tool-call.js';

/** A tool of the running server and how many times each of its responses has been used. */
export interface ToolState {
  tool: MockTool;
  uses: number[];
}

/** What every session of one mock server shares: its tools, the call record, and the close signal. */
export interface MockServerState {
  tools: Map<string, ToolState>;
  calls: MockToolCall[];
  sessions: Set<McpServer>;
  /** Aborts on `close()`, which ends every delay and hang. */
  closing: AbortController;
  callEndListeners: Set<(call: MockToolCall) => void>;
}

/** Creates the shared state of a mock server with these tools. */
export function createMockServerState(tools: readonly MockTool[]): MockServerState {
  return {
    tools: new Map(tools.map((tool) => [tool.name, toToolState(tool)])),
    calls: [],
    sessions: new Set(),
    closing: new AbortController(),
    callEndListeners: new Set(),
  };
}

/** A fresh tool state: no response used yet. */
export function toToolState(tool: MockTool): ToolState {
  return { tool, uses: tool.responses.map(() => 0) };
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
