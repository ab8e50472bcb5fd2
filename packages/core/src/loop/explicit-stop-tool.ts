import type { JsonValue } from '../json-value.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

/** The control tool offered with `explicitStop`: the model calls it to say it cannot complete the task. */
export function createExplicitStopTool({
  toolName,
  description,
}: {
  toolName: string;
  description: string;
}): ToolDefinition {
  return {
    name: toolName,
    description,
    inputSchema: {
      type: 'object',
      properties: {
        reason: {
          type: 'string',
          description: 'Why the task cannot be completed, in a sentence or two for the user.',
        },
      },
      required: ['reason'],
    },
  };
}

/** The reason the model gave in its call to the explicit-stop tool. */
export function readGiveUpReason(input: JsonValue): string {
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    const reason = input.reason;
    if (typeof reason === 'string' && reason.trim() !== '') return reason.trim();
  }
  return 'no reason given';
}
