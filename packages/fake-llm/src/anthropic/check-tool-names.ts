/** The names the Messages API takes for a tool the client defines (a `custom` tool). */
const toolNamePattern = /^[a-zA-Z0-9_-]{1,128}$/u;

/**
 * The Messages API's refusal of a custom tool's name, in its words, or `undefined`: over 128 characters,
 * "tools.0.custom.name: String should have at most 128 characters"; empty, "… at least 1 character"; else, one
 * outside the pattern, "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'". Server tools
 * (a `type` other than `custom`) have fixed names the definition checks.
 */
export function checkToolNames(tools: unknown): string | undefined {
  if (!Array.isArray(tools)) return undefined;
  for (const [index, tool] of tools.entries()) {
    if (typeof tool !== 'object' || tool === null) continue;
    const { type, name } = tool as { type?: unknown; name?: unknown };
    if ((type !== undefined && type !== null && type !== 'custom') || typeof name !== 'string') continue;
    const where = `tools.${index}.custom.name`;
    const length = Array.from(name).length;
    if (length > 128) return `${where}: String should have at most 128 characters`;
    if (length === 0) return `${where}: String should have at least 1 character`;
    if (!toolNamePattern.test(name))
      return `${where}: String should match pattern '${toolNamePattern.source}'`;
  }
  return undefined;
}
