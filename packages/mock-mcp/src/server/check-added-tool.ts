import type { MockServerSpec } from '../spec/mock-server-spec-schema.js';
import type { MockTool } from '../spec/mock-tool-schema.js';
import { toServerCapabilities, toolLogs, toolUpdatesResources } from './server-capabilities.js';

/**
 * Refuses a tool added at runtime that needs a capability the server did not declare when its sessions began:
 * log messages need `logging`, resource updates need `resources`.
 */
export function checkAddedTool(options: { spec: MockServerSpec; tool: MockTool }): void {
  const { spec, tool } = options;
  const capabilities = toServerCapabilities(spec);
  if (capabilities.logging === undefined && toolLogs(tool)) {
    throw new Error(
      `Cannot add tool '${tool.name}': it sends log messages, but the server did not declare logging. Add logging: {} to the spec.`,
    );
  }
  if (capabilities.resources === undefined && toolUpdatesResources(tool)) {
    throw new Error(
      `Cannot add tool '${tool.name}': it sends resource updates, but the server has no resources. Add them to the spec.`,
    );
  }
}
