import type { ToolDefinition } from '../tools/tool-definition.js';

/**
 * The system prompt part that teaches a text-only model the tool protocol: the tools with
 * their parameters, how to call one, and that only one call per response is read.
 */
export function describeXmlTools(tools: readonly ToolDefinition[]): string {
  const described = tools.map((tool) => {
    const properties = (tool.inputSchema.properties ?? {}) as Record<
      string,
      { type?: unknown; description?: unknown }
    >;
    const required = new Set(
      Array.isArray(tool.inputSchema.required) ? (tool.inputSchema.required as string[]) : [],
    );
    const params = Object.entries(properties).map(([name, schema]) => {
      const type = typeof schema.type === 'string' ? schema.type : 'any';
      const description = typeof schema.description === 'string' ? `: ${schema.description}` : '';
      return `  - ${name} (${type}${required.has(name) ? ', required' : ''})${description}`;
    });
    return [`- ${tool.name}${tool.description === undefined ? '' : `: ${tool.description}`}`, ...params].join(
      '\n',
    );
  });
  return [
    '# Tools',
    'You can use these tools:',
    ...described,
    '',
    'To use a tool, write one block like this, with one parameter tag per parameter:',
    '<tool:TOOL_NAME>',
    '<param:PARAMETER_NAME>value</param:PARAMETER_NAME>',
    '</tool:TOOL_NAME>',
    'Write numbers and booleans as they are, and objects or lists as JSON. Use at most one tool per response and',
    'stop after it: its result comes back in the next message, as <tool_result:TOOL_NAME> (or <tool_error:TOOL_NAME>',
    'if it failed). When you have what you need, answer without a tool block.',
  ].join('\n');
}
