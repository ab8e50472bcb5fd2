import type { LlmToolCall } from '../script/llm-step.js';

/**
 * Writes a tool call as the XML tool mode's text block, one tag a line as core's `formatXmlToolCall` and its
 * system prompt write it: `<tool:NAME>\n<param:P>value</param:P>\n</tool:NAME>`, string values as they are,
 * other values JSON-encoded. Input that is not an object, and `rawInput`, go between the tool tags as they are
 * (JSON-encoded for input), so a script can send a malformed block.
 */
export function formatXmlToolCall(call: LlmToolCall): string {
  const open = `<tool:${call.name}>`;
  const close = `</tool:${call.name}>`;
  if ('rawInput' in call) return [open, call.rawInput, close].join('\n');
  const input = call.input ?? {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    return [open, JSON.stringify(input), close].join('\n');
  }
  const parameters = Object.entries(input).map(
    ([name, value]) =>
      `<param:${name}>${typeof value === 'string' ? value : JSON.stringify(value)}</param:${name}>`,
  );
  return [open, ...parameters, close].join('\n');
}
