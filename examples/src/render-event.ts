import type { LoopEvent } from '@toolloop/core';

/** One line per event for the terminal, or nothing for events the tour folds into others. */
export function renderEvent(event: LoopEvent): string | undefined {
  switch (event.type) {
    case 'status':
      return `  · ${event.message}`;
    case 'thinking':
      return `  ~ thinking: ${event.text}`;
    case 'content':
      return `  > ${event.text}`;
    case 'tool-start':
      return `  → ${event.name}(${JSON.stringify(event.input)})`;
    case 'tool-progress':
      return `  … ${event.name}: ${event.message}`;
    case 'tool-result': {
      const text = event.output.content
        .map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
        .join(' ');
      return `  ← ${event.name}${event.isError ? ' failed' : ''}: ${text} (${event.durationMs} ms)`;
    }
    case 'warning':
      return `  ! ${event.message}`;
    case 'error':
      return `  ✗ ${event.code}: ${event.message}`;
    case 'approval-required':
      return `  ? waiting for approval: ${event.calls.map((call) => `${call.name} ${JSON.stringify(call.input)}`).join(', ')}`;
    case 'done':
      return undefined;
    default: {
      const unexpected: never = event;
      return JSON.stringify(unexpected);
    }
  }
}
