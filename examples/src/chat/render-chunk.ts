import type { MessageStreamChunk } from '@toolloop/core';
import type { createColors } from 'picocolors';

type Colors = ReturnType<typeof createColors>;

/** Where the chat writes, and what is on the current line. */
export interface Screen {
  write(text: string): void;
  /** `status`: a status line to clear before anything else; `thinking` / `answer`: that text is streaming. */
  line: 'empty' | 'status' | 'thinking' | 'answer';
}

const clearLine = '\r\u001b[2K';

/**
 * One chunk of a session's stream as a person reads it: thinking dimmed, one status line rewritten in place
 * while tools run, tool calls and their results, the answer as it streams, errors in red, and the stop reason.
 */
export function renderChunk({
  chunk,
  screen,
  colors,
}: {
  chunk: MessageStreamChunk;
  screen: Screen;
  colors: Colors;
}): void {
  /** Ends whatever is on the current line, so the next output starts on a fresh one. */
  const freshLine = () => {
    if (screen.line === 'status') screen.write(clearLine);
    if (screen.line === 'thinking' || screen.line === 'answer') screen.write('\n');
    screen.line = 'empty';
  };
  const line = (text: string) => {
    freshLine();
    screen.write(`${text}\n`);
  };
  switch (chunk.type) {
    case 'status':
      if (screen.line === 'thinking' || screen.line === 'answer') return; // never overwrite text as it streams
      screen.write(`${clearLine}${colors.cyan(`· ${chunk.content}`)}`);
      screen.line = 'status';
      return;
    case 'thinking':
      if (screen.line !== 'thinking') {
        freshLine();
        screen.write(colors.dim('thinking: '));
        screen.line = 'thinking';
      }
      screen.write(colors.dim(chunk.content));
      return;
    case 'content':
      if (screen.line !== 'answer') {
        freshLine();
        screen.write(colors.bold('assistant> '));
        screen.line = 'answer';
      }
      screen.write(chunk.content);
      return;
    case 'tool_start':
      line(colors.magenta(`→ ${chunk.content}`));
      return;
    case 'tool_result':
      line(chunk.isError ? colors.red(`← ${chunk.content}`) : colors.green(`← ${chunk.content}`));
      return;
    case 'warning':
      line(colors.yellow(`! ${chunk.content}`));
      return;
    case 'error':
      line(colors.red(`✗ ${chunk.error}`));
      return;
    case 'done':
      line(
        colors.dim(
          `[stopped: ${chunk.stopReason} · ${chunk.toolCallCount} tool call${chunk.toolCallCount === 1 ? '' : 's'} this session]`,
        ),
      );
      return;
    default: {
      const unexpected: never = chunk;
      line(JSON.stringify(unexpected));
    }
  }
}
