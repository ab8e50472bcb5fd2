import {
  splitJsonIntoFragments,
  splitMarkupIntoDeltas,
  splitTextIntoDeltas,
} from '../stream/split-into-deltas.js';
import type { StreamPosition } from '../records/stream-record.js';
import {
  createChatCompletionsUsage,
  type ChatCompletionsAnswer,
  type ChatCompletionsToolCall,
} from './chat-completions-answer.js';
import type { ChatCompletionsQuirks } from './chat-completions-dialect.js';

/** The `data: [DONE]` event that ends every chat completions stream. */
export const doneEvent = 'data: [DONE]\n\n';

/**
 * The chat completions stream for an answer, framed (`data: <json>\n\n`), as real servers order it: a chunk
 * with `role: 'assistant'`, reasoning deltas, content deltas, tool call deltas, a chunk with the finish reason,
 * the usage (by the quirks), and `data: [DONE]`. Also says where each XML tool block of the content begins.
 */
export function createChatCompletionChunks(options: {
  answer: ChatCompletionsAnswer;
  quirks: ChatCompletionsQuirks;
  /** The request's `stream_options.include_usage`. */
  includeUsage: boolean;
}): { chunks: string[]; xmlToolBlockStarts: StreamPosition[] } {
  const { answer, quirks, includeUsage } = options;
  const chunks: string[] = [];
  const xmlToolBlockStarts: StreamPosition[] = [];
  let bytes = 0;
  const usageNull = includeUsage && quirks.usage === 'trailing-chunk';
  const push = (data: Record<string, unknown>): string => {
    const chunk = `data: ${JSON.stringify({ id: answer.id, object: 'chat.completion.chunk', created: answer.created, model: answer.model, ...data })}\n\n`;
    chunks.push(chunk);
    bytes += Buffer.byteLength(chunk);
    return chunk;
  };
  const pushDelta = (delta: Record<string, unknown>, finishReason: string | null = null): string =>
    push({
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(usageNull ? { usage: null } : {}),
    });

  pushDelta({ role: 'assistant', content: '' });
  const { reasoningField } = quirks;
  if (reasoningField !== 'none') {
    for (const piece of splitTextIntoDeltas(answer.reasoning ?? '')) pushDelta({ [reasoningField]: piece });
  }
  for (const segment of answer.content) {
    const markup = segment.type === 'xml-tool-block';
    for (const [index, piece] of (markup ? splitMarkupIntoDeltas : splitTextIntoDeltas)(
      segment.text,
    ).entries()) {
      const offsetBefore = bytes;
      const chunk = pushDelta({ content: piece });
      if (markup && index === 0) {
        const characterIndex = chunk.indexOf('"content":"') + '"content":"'.length;
        xmlToolBlockStarts.push({
          eventIndex: chunks.length - 1,
          byteOffset: offsetBefore + Buffer.byteLength(chunk.slice(0, characterIndex)),
        });
      }
    }
  }
  if (quirks.toolCallArguments === 'whole' && answer.toolCalls.length > 0) {
    pushDelta({
      tool_calls: answer.toolCalls.map((call, position) => ({
        ...toIndex(quirks, position),
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: readArguments(call, quirks) },
      })),
    });
  } else {
    for (const [position, call] of answer.toolCalls.entries()) {
      const index = toIndex(quirks, position);
      pushDelta({
        tool_calls: [
          { ...index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
        ],
      });
      for (const piece of toArgumentPieces(call, quirks)) {
        const continuation =
          quirks.continuationChunks === 'repeat-type'
            ? { ...index, type: 'function', function: { name: '', arguments: piece } }
            : { ...index, function: { arguments: piece } };
        pushDelta({ tool_calls: [continuation] });
      }
    }
  }
  const usage = createChatCompletionsUsage(answer.usage, quirks.cacheUsage);
  if (quirks.usage === 'finish-chunk') {
    push({ choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: answer.finishReason }], usage });
  } else {
    pushDelta({}, answer.finishReason);
    if (includeUsage) push({ choices: [], usage });
  }
  chunks.push(doneEvent);
  return { chunks, xmlToolBlockStarts };
}

function toIndex(quirks: ChatCompletionsQuirks, position: number): { index?: number } {
  switch (quirks.toolCallIndexes) {
    case 'from-0':
      return { index: position };
    case 'from-1':
      return { index: position + 1 };
    case 'absent':
      return {};
    default: {
      const unexpected: never = quirks.toolCallIndexes;
      throw new Error(`Unexpected toolCallIndexes ${JSON.stringify(unexpected)}`);
    }
  }
}

function readArguments(call: ChatCompletionsToolCall, quirks: ChatCompletionsQuirks): string {
  return call.arguments === '{}' && quirks.emptyArguments === 'empty-string' ? '' : call.arguments;
}

/** The argument pieces after the first chunk's `""`: 12-character fragments, or `{}` whole. */
function toArgumentPieces(call: ChatCompletionsToolCall, quirks: ChatCompletionsQuirks): string[] {
  const text = readArguments(call, quirks);
  if (text === '{}') return ['{}'];
  return splitJsonIntoFragments(text).filter((piece) => piece !== '');
}
