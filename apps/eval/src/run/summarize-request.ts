import type { JsonValue } from '@toolloop/core';
import type { RecordedRequest } from '@toolloop/fake-llm';
import type { RequestSummary } from '../report/run-report.js';

interface AnthropicBlock {
  type?: string;
  text?: string;
  content?: unknown;
}

interface AnthropicRequestBody {
  tools?: Array<{ name?: string }>;
  tool_choice?: JsonValue;
  system?: string | AnthropicBlock[];
  thinking?: JsonValue;
  messages?: Array<{ role?: string; content?: string | AnthropicBlock[] }>;
}

/** What a Messages API request carried, in the provider-neutral words scenario expectations use. */
export function summarizeRequest(request: RecordedRequest, index: number): RequestSummary {
  const body = (
    typeof request.body === 'object' && request.body !== null ? request.body : {}
  ) as AnthropicRequestBody;
  const summary: RequestSummary = { index, tools: (body.tools ?? []).map((tool) => tool.name ?? '?') };
  if (body.tool_choice !== undefined) summary.toolChoice = body.tool_choice;
  if (body.system !== undefined) summary.system = textOf(body.system);
  if (body.thinking !== undefined) summary.thinking = body.thinking;
  const last = body.messages?.at(-1);
  if (last !== undefined) summary.lastMessage = { role: last.role ?? '?', text: textOf(last.content ?? '') };
  return summary;
}

/** The text of a string or a list of blocks, tool results included. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as AnthropicBlock[])
    .map((block) =>
      typeof block.text === 'string' ? block.text : block.type === 'tool_result' ? textOf(block.content) : '',
    )
    .filter((text) => text !== '')
    .join('\n');
}
