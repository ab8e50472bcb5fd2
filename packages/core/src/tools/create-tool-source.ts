import { InvalidToolInputError } from '../errors/invalid-tool-input-error.js';
import { isCallAborted } from '../internal/call-aborted.js';
import type { ToolOutput } from '../model/messages.js';
import type { Tool } from './define-tool.js';
import type { ToolDefinition } from './tool-definition.js';
import type { ToolCallRequest, ToolSource } from './tool-source.js';
import { markNotStarted } from './not-started.js';
import { toToolOutput } from './to-tool-output.js';

/**
 * A tool source over local tools from `defineTool`. Arguments are validated before `execute`; invalid ones
 * throw `InvalidToolInputError`, which the loop reports to the model as an error result.
 */
export function createToolSource(tools: ReadonlyArray<Tool<unknown>>): ToolSource {
  const byName = new Map<string, Tool<unknown>>(tools.map((tool) => [tool.name, tool]));
  return {
    listTools: () => Promise.resolve(tools.map(toDefinition)),
    async callTool(request: ToolCallRequest): Promise<ToolOutput> {
      // The signal is read only if the tool reads it: the loop makes a call's signal on first read.
      const { name, input, toolCallId } = request;
      const tool = byName.get(name);
      if (tool === undefined) throw markNotStarted(new Error(`No local tool named '${name}'.`));
      const validation = await tool.validateInput(input);
      if (!validation.success) {
        throw markNotStarted(new InvalidToolInputError({ toolName: name, issues: validation.issues }));
      }
      // Validation may have taken a tick: a call whose turn ended meanwhile must not start now.
      if (isCallAborted(request)) throw markNotStarted(new Error('The turn ended before the tool started.'));
      return toToolOutput(
        await tool.execute(validation.value, {
          get signal() {
            return request.signal;
          },
          toolCallId,
        }),
      );
    },
  };
}

function toDefinition(tool: ToolDefinition): ToolDefinition {
  const definition: ToolDefinition = { name: tool.name, inputSchema: tool.inputSchema };
  if (tool.description !== undefined) definition.description = tool.description;
  if (tool.outputSchema !== undefined) definition.outputSchema = tool.outputSchema;
  return definition;
}
