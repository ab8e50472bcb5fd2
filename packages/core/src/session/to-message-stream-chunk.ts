import type { LoopEvent } from '../loop/loop-event.js';
import type { ToolContent } from '../model/messages.js';
import type { MessageStreamChunk } from './message-stream-chunk.js';

/** Translates one loop event into a message stream chunk (`content` strings, snake_case types). */
export function toMessageStreamChunk(event: LoopEvent): MessageStreamChunk {
  return { ...toChunkFields(event), event };
}

type ChunkFields = MessageStreamChunk extends infer CHUNK
  ? CHUNK extends MessageStreamChunk
    ? Omit<CHUNK, 'event'>
    : never
  : never;

function toChunkFields(event: LoopEvent): ChunkFields {
  switch (event.type) {
    case 'status':
      return { type: 'status', content: event.message };
    case 'thinking':
      return { type: 'thinking', content: event.text };
    case 'content':
      return { type: 'content', content: event.text };
    case 'tool-start':
      return {
        type: 'tool-start',
        content: `${event.name} ${JSON.stringify(event.input)}`,
        toolName: event.name,
        toolCallId: event.toolCallId,
        input: event.input,
      };
    case 'tool-result':
      return {
        type: 'tool-result',
        content: event.output.content.map(toText).join('\n'),
        toolName: event.name,
        toolCallId: event.toolCallId,
        isError: event.isError,
        output: event.output,
      };
    case 'warning':
      return { type: 'warning', content: event.message, code: event.code };
    case 'error':
      return {
        type: 'error',
        error: event.message,
        code: event.code,
        ...(event.toolName === undefined ? {} : { toolName: event.toolName }),
        ...(event.toolCallId === undefined ? {} : { toolCallId: event.toolCallId }),
      };
    case 'approval-required':
      return { type: 'approval-required', calls: event.calls };
    case 'done':
      return {
        type: 'done',
        stopReason: event.result.stopReason,
        text: event.result.text,
        toolCallCount: event.result.sessionToolCalls,
        result: event.result,
      };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown loop event: ${JSON.stringify(unexpected)}`);
    }
  }
}

function toText(block: ToolContent): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `[image ${block.mediaType}]`;
    case 'resource-link':
      return `[resource link ${block.uri}]`;
    case 'resource':
      return block.text ?? `[resource ${block.uri}]`;
    default: {
      const unexpected: never = block;
      return `[${JSON.stringify(unexpected)}]`;
    }
  }
}
