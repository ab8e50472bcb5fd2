import { formatToolName } from '../format-tool-name.js';

/** The fixed status lines of seed 001, so hosts and tests can refer to them by name. */
export const statusLines = {
  analyzing: 'Analyzing request...',
  processingResults: 'Processing tool results...',
  formulating: 'Formulating response...',
  usingTool: (toolName: string) => `Using ${formatToolName(toolName)}...`,
  toolFailed: (toolName: string) => `Tool ${formatToolName(toolName)} failed, trying alternative approach...`,
  stopped: (reason: string) => `Stopped: ${reason}`,
} as const;
