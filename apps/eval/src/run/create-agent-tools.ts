import { createToolOutput, isToolSource, type JsonValue, type Model, type Tool } from '@toolloop/core';
import type { ElicitationHandler } from '@toolloop/core/mcp';
import { mockServerSpecSchema, type MockResponse } from '@toolloop/mock-mcp';
import type { AgentTool } from '../agent/define-agent.js';
import { findUserFrame, type SourceLocation } from '../agent/find-user-frame.js';
import { startScenarioServers } from './start-scenario-servers.js';

/** The agent's tools as a scenario runs them, where each of its local tools threw, and how to stop the mocks. */
export interface AgentTools {
  tools: AgentTool[];
  /** Where the local tool of a call threw, when its stack says. */
  whereThrown(toolCallId: string): SourceLocation | undefined;
  close(): Promise<void>;
}

/**
 * The agent's tools for one scenario. Local tools run for real; each one named in `mockTools` is answered by an
 * in-memory mock MCP server instead, with its own definition and the scenario's scripted responses (the mock
 * server's answering code, so every response shape works as it does for a mock server tool), after the
 * tool's own input validation. Where a real local tool throws is kept for the report.
 */
export async function createAgentTools({
  tools,
  mockTools = {},
  samplingModel,
  onElicitation,
  cwd,
}: {
  tools: readonly AgentTool[];
  mockTools?: Record<string, { responses: MockResponse[] }>;
  samplingModel: Model;
  onElicitation: ElicitationHandler;
  cwd: string;
}): Promise<AgentTools> {
  const mocked = tools.flatMap((tool) => (!isToolSource(tool) && tool.name in mockTools ? [tool] : []));
  const mocks =
    mocked.length === 0
      ? undefined
      : await startScenarioServers({
          servers: { mockTools: toMockSpec({ tools: mocked, mockTools }) },
          samplingModel,
          onElicitation,
          cwd,
        });
  const thrown = new Map<string, SourceLocation>();
  const replaced = tools.map((tool): AgentTool => {
    if (isToolSource(tool)) return tool;
    const source = mocks?.source;
    if (source !== undefined && tool.name in mockTools) {
      return withExecute(tool, async (input, { signal, toolCallId }) => {
        const output = await source
          .callTool({ toolCallId, name: tool.name, input: input as JsonValue, signal })
          .catch((error: unknown) => {
            throw toLocalToolError(error);
          });
        return createToolOutput(output);
      });
    }
    return withExecute(tool, async (input, options) => {
      try {
        return await tool.execute(input, options);
      } catch (error) {
        const location = findUserFrame(error);
        if (location !== undefined) thrown.set(options.toolCallId, location);
        throw error;
      }
    });
  });
  return {
    tools: replaced,
    whereThrown: (toolCallId) => thrown.get(toolCallId),
    close: () => mocks?.close() ?? Promise.resolve(),
  };
}

/**
 * A mock's `throw` as a local tool's throw: the model reads "Tool 'x' failed: <message>", without the JSON-RPC
 * code that only an MCP server's error carries.
 */
function toLocalToolError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  const prefix = `MCP error ${String(code)}: `;
  if (typeof code !== 'number' || !error.message.startsWith(prefix)) return error;
  return new Error(error.message.slice(prefix.length), { cause: error });
}

/**
 * The same tool (definition, validation and approval rule) with another `execute`; works for tools that are
 * class instances.
 */
function withExecute(tool: Tool<unknown>, execute: Tool<unknown>['execute']): Tool<unknown> {
  const copy: Tool<unknown> = {
    name: tool.name,
    inputSchema: tool.inputSchema,
    validateInput: (input) => tool.validateInput(input),
    execute,
  };
  if (tool.description !== undefined) copy.description = tool.description;
  if (tool.outputSchema !== undefined) copy.outputSchema = tool.outputSchema;
  if (tool.needsApproval !== undefined) copy.needsApproval = tool.needsApproval;
  return copy;
}

function toMockSpec({
  tools,
  mockTools,
}: {
  tools: ReadonlyArray<Tool<unknown>>;
  mockTools: Record<string, { responses: MockResponse[] }>;
}) {
  const parsed = mockServerSpecSchema.safeParse({
    tools: tools.map((tool) => ({
      name: tool.name,
      inputSchema: tool.inputSchema,
      responses: mockTools[tool.name]?.responses ?? [],
    })),
  });
  if (!parsed.success) {
    throw new Error(
      `The mockTools of ${tools.map((tool) => `'${tool.name}'`).join(', ')} cannot stand in for the agent's tools: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}
