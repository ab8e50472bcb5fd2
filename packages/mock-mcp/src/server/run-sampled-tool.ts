import type { ToolResultContent, ToolUseContent } from '@modelcontextprotocol/sdk/types.js';
import type { MockResponse } from '../spec/mock-response-schema.js';
import { answerWithResponse } from './answer-with-response.js';
import type { CallContext } from './call-context.js';
import { noMatchingResponseResult } from './no-matching-response-result.js';
import { selectResponse } from './select-response.js';

/**
 * Answers one tool_use block of a sampling tool loop: from the sample's `toolResults` for that tool when it has
 * them, else from the server's own tool. Failures (unknown tool, no match, a `throw`) become an isError
 * tool_result, as a real host would send them back to the model.
 */
export async function runSampledTool(options: {
  toolUse: ToolUseContent;
  toolResults: ReadonlyMap<string, { responses: readonly MockResponse[]; uses: number[] }>;
  context: CallContext;
}): Promise<ToolResultContent> {
  const { toolUse, toolResults, context } = options;
  const source = toolResults.get(toolUse.name) ?? toToolSource(context, toolUse.name);
  if (source === undefined) {
    const known = [...toolResults.keys(), ...context.state.tools.keys()];
    return toolResult(toolUse, {
      text: `Unknown tool '${toolUse.name}'. Available tools: ${known.join(', ')}.`,
    });
  }
  // The server's own tool: its `times` count once per call, however often a 2026-07-28 call is delivered.
  const select = () =>
    selectResponse({ responses: source.responses, uses: source.uses, arguments: toolUse.input });
  const selected = toolResults.has(toolUse.name)
    ? select()
    : chosen(
        source,
        context.choose(() => select()?.index),
      );
  if (selected === undefined) {
    const result = noMatchingResponseResult({ toolName: toolUse.name, arguments: toolUse.input, ...source });
    return { type: 'tool_result', toolUseId: toolUse.id, content: result.content, isError: true };
  }
  try {
    const result = await answerWithResponse({
      toolName: toolUse.name,
      arguments: toolUse.input,
      response: selected.response,
      context,
    });
    return {
      type: 'tool_result',
      toolUseId: toolUse.id,
      content: result.content,
      ...(result.structuredContent === undefined ? {} : { structuredContent: result.structuredContent }),
      ...(result.isError === true ? { isError: true } : {}),
    };
  } catch (error) {
    context.signal.throwIfAborted();
    return toolResult(toolUse, { text: error instanceof Error ? error.message : String(error) });
  }
}

function chosen(
  source: { responses: readonly MockResponse[] },
  index: number | undefined,
): { index: number; response: MockResponse } | undefined {
  const response = index === undefined ? undefined : source.responses[index];
  return index === undefined || response === undefined ? undefined : { index, response };
}

function toToolSource(context: CallContext, name: string) {
  const toolState = context.state.tools.get(name);
  return toolState === undefined ? undefined : { responses: toolState.tool.responses, uses: toolState.uses };
}

function toolResult(toolUse: ToolUseContent, options: { text: string }): ToolResultContent {
  return {
    type: 'tool_result',
    toolUseId: toolUse.id,
    content: [{ type: 'text', text: options.text }],
    isError: true,
  };
}
