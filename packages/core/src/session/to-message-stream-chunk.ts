import type { LoopEvent } from '../loop/loop-event.js';
import type { ToolContent } from '../model/messages.js';
import type { MessageStreamChunk } from './message-stream-chunk.js';

/** A loop event as a message stream chunk: the event itself, plus its line of text (`content`) or its `done` summary. */
export function toMessageStreamChunk(event: LoopEvent): MessageStreamChunk {
  switch (event.type) {
    case 'status':
      return { ...event, content: event.message };
    case 'thinking':
    case 'content':
      return { ...event, content: event.text };
    case 'tool-start':
      return { ...event, content: `${event.name} ${JSON.stringify(event.input)}` };
    case 'tool-result':
      return { ...event, content: event.output.content.map(toText).join('\n') };
    case 'tool-progress':
    case 'warning':
    case 'error':
      return { ...event, content: event.message };
    case 'approval-required':
      return event;
    case 'done':
      return {
        ...event,
        stopReason: event.result.stopReason,
        text: event.result.text,
        toolCallCount: event.result.sessionToolCalls,
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
