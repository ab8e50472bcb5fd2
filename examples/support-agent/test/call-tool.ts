import type { Tool } from '@toolloop/core';

/**
 * Calls a local tool as the loop does: its schema checks the input first, then `execute` runs. Returns what it
 * returned, or the validation issues the model would read.
 */
export async function callTool<INPUT>(
  tool: Tool<INPUT>,
  input: unknown,
): Promise<{ output: unknown } | { issues: string[] }> {
  const validation = await tool.validateInput(input);
  if (!validation.success) return { issues: validation.issues };
  return {
    output: await tool.execute(validation.value, {
      signal: new AbortController().signal,
      toolCallId: 'call_1',
    }),
  };
}
