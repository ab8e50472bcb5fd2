import { formatToolName } from '../format-tool-name.js';

/** The loop's fixed status lines, so hosts and tests can refer to them by name. */
export const statusLines = {
  analyzing: 'Analyzing request...',
  processingResults: 'Processing tool results...',
  formulating: 'Formulating response...',
  usingTool: (toolName: string) => `Using ${formatToolName(toolName)}...`,
  toolFailed: (toolName: string) => `Tool ${formatToolName(toolName)} failed, trying alternative approach...`,
  stopped: (reason: string) => `Stopped: ${reason}`,
  awaitingApproval: (toolNames: readonly string[]) =>
    `Waiting for approval: ${[...new Set(toolNames)].map(formatToolName).join(', ')}`,
} as const;
