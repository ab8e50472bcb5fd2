import type { MessageStreamChunk } from '@toolloop/core/session';
import type { createColors } from 'picocolors';

type Colors = ReturnType<typeof createColors>;

/** Where the chat writes, what is on the current line, and what the turn showed that a later chunk repeats. */
export interface Screen {
  write(text: string): void;
  /** `status`: a status line to clear before anything else; `thinking` / `answer`: that text is streaming. */
  line: 'empty' | 'status' | 'thinking' | 'answer';
  /** The last tool result shown: the error chunk that follows a failed call says the same again. */
  lastResult?: { toolCallId: string; content: string } | undefined;
  /** Why the turn stopped, from its last error chunk: shown on the stop line, not as a line of its own. */
  stopDetail?: string | undefined;
}

const clearLine = '\r\u001b[2K';

/**
 * One chunk of a session's stream as a person reads it: thinking dimmed, one status line rewritten in place
 * while tools run, tool calls and their results, the answer as it streams, errors in red, and the stop reason
 * with why the turn stopped. Nothing is said twice: a failed call's error repeats its result, and the turn's
 * closing error is what the stop line says.
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
    case 'tool-start':
      line(colors.magenta(`→ ${chunk.content}`));
      return;
    case 'tool-progress':
      line(colors.dim(`… ${chunk.content}`));
      return;
    case 'tool-result':
      screen.lastResult = { toolCallId: chunk.toolCallId, content: chunk.content };
      line(chunk.isError ? colors.red(`← ${chunk.content}`) : colors.green(`← ${chunk.content}`));
      return;
    case 'warning':
      line(colors.yellow(`! ${chunk.content}`));
      return;
    case 'error':
      // Only a failed call's error names its call; the one without ends the turn.
      if (chunk.toolCallId === undefined) {
        screen.stopDetail = chunk.message.replace(/^Stopped: /, '');
        return;
      }
      if (screen.lastResult?.toolCallId === chunk.toolCallId && screen.lastResult.content === chunk.message)
        return;
      line(colors.red(`✗ ${chunk.message}`));
      return;
    case 'approval-required':
      for (const call of chunk.calls) {
        line(colors.yellow(`? ${call.name} ${JSON.stringify(call.input)} waits for your approval`));
      }
      return;
    case 'done': {
      const detail = screen.stopDetail === undefined ? '' : ` (${screen.stopDetail})`;
      const count = `${chunk.toolCallCount} tool call${chunk.toolCallCount === 1 ? '' : 's'} this session`;
      const stopLine = `[stopped: ${chunk.stopReason}${detail} · ${count}]`;
      line(detail === '' ? colors.dim(stopLine) : colors.red(stopLine));
      screen.lastResult = undefined;
      screen.stopDetail = undefined;
      return;
    }
    default: {
      const unexpected: never = chunk;
      line(JSON.stringify(unexpected));
    }
  }
}
