import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { MockServerSpec } from '../spec/mock-server-spec-schema.js';
import type { MockTool } from '../spec/mock-tool-schema.js';

/**
 * The capabilities a mock declares: `tools` always; `resources` (with `subscribe`) when it has resources or
 * templates; `prompts` when it has prompts; `logging` when the spec has `logging` or a response logs (of a tool a change brings too);
 * `completions` when a prompt argument or a template variable has `complete` values.
 */
export function toServerCapabilities(spec: MockServerSpec): ServerCapabilities {
  const hasResources = spec.resources !== undefined || spec.resourceTemplates !== undefined;
  const hasCompletions =
    (spec.prompts ?? []).some((prompt) => (prompt.arguments ?? []).some((argument) => argument.complete)) ||
    (spec.resourceTemplates ?? []).some((template) => template.complete !== undefined);
  return {
    tools: { listChanged: true },
    ...(hasResources ? { resources: { subscribe: true } } : {}),
    ...(spec.prompts === undefined ? {} : { prompts: {} }),
    ...(spec.logging !== undefined || allTools(spec).some(toolLogs) ? { logging: {} } : {}),
    ...(hasCompletions ? { completions: {} } : {}),
  };
}

/** Every tool the server may have: those it starts with and those its `changes` add or replace. */
function allTools(spec: MockServerSpec): MockTool[] {
  return [
    ...spec.tools,
    ...(spec.changes ?? []).flatMap((change) => [...(change.replace ?? []), ...(change.add ?? [])]),
  ];
}

/** Whether any response of the tool (or of a sample's `toolResults`) sends log messages. */
export function toolLogs(tool: MockTool): boolean {
  return tool.responses.some(
    (response) =>
      response.log !== undefined ||
      Object.values(response.sample?.toolResults ?? {}).some((list) => list.some((item) => item.log)),
  );
}

/** Whether any response of the tool (or of a sample's `toolResults`) sends resource updates. */
export function toolUpdatesResources(tool: MockTool): boolean {
  return tool.responses.some(
    (response) =>
      response.updatedResources !== undefined ||
      Object.values(response.sample?.toolResults ?? {}).some((list) =>
        list.some((item) => item.updatedResources),
      ),
  );
}
