import type { JsonValue } from '../json-value.js';
import type { ToolOutput } from '../model/messages.js';
import type { ToolDefinition } from './tool-definition.js';

/** One call the loop asks a tool source to make. */
export interface ToolCallRequest {
  toolCallId: string;
  name: string;
  input: JsonValue;
  /** Aborted when the call times out or the turn ends; a source must stop its work and settle promptly. */
  signal: AbortSignal;
  /**
   * Tells the turn how the call is getting on (an MCP server's progress, a round of questions answered): each
   * becomes a `tool-progress` event, until the call settles. Optional for a source to call.
   */
  onProgress?: (update: ToolProgress) => void;
}

/** How a running tool call is getting on: a line for the user, and how far along, when the tool says. */
export interface ToolProgress {
  message: string;
  progress?: number;
  total?: number;
  /**
   * `input`: the tool's server asked for input (a 2026-07-28 MCP server answered the call `input_required`),
   * the host's handlers answered, and the call went again; `progress` is the round. Absent for plain progress.
   */
  kind?: 'input';
}

/**
 * Where tools come from: local functions (`createToolSource`), MCP servers (`@toolloop/core/mcp`), or
 * anything else that can list tools and call one. A source may throw from `callTool`; the loop turns the
 * throw into an error result the model sees, so failures never end the turn by themselves.
 */
export interface ToolSource {
  /** How errors name this source ("Could not list the tools of tool source 'crm'"). Default: its position. */
  readonly name?: string;
  /** The tools this source offers; asked once at the start of every turn. */
  listTools(options: { signal: AbortSignal }): Promise<ToolDefinition[]>;
  /**
   * What the caller should know about the last listing, such as a tool left out because its schema could not
   * be sent to a model (`tool_skipped`). Read after each `listTools()`; each becomes a warning event of the turn.
   */
  readonly warnings?: ReadonlyArray<{ code: string; message: string }>;
  callTool(request: ToolCallRequest): Promise<ToolOutput>;
}

/** Whether a value is a `ToolSource` (as opposed to a single tool from `defineTool`). */
export function isToolSource(value: unknown): value is ToolSource {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<ToolSource>).listTools === 'function' &&
    typeof (value as Partial<ToolSource>).callTool === 'function'
  );
}
