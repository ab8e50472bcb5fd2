import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// eslint-disable-next-line no-control-regex -- terminal escape sequences are what this removes
const escapeSequence = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** A program running in a real pseudo-terminal (a tmux pane), typed into and read like a person would. */
export interface Terminal {
  /** Types a line and presses Enter. */
  type(line: string): void;
  /** Resolves once the output (escape codes removed) matches, after what earlier waits consumed. */
  waitFor(pattern: RegExp): Promise<string>;
  /** What the screen shows now; with `escapes`, colours and attributes included. */
  screen(options?: { escapes?: boolean }): string;
  /** Resolves when the program has ended and its pane closed. */
  exited(): Promise<void>;
  close(): void;
}

/**
 * Starts `command` in a new tmux server of its own. The pane's output is piped into a FIFO this process reads,
 * so waiting is on data arriving, never on a timer. The program starts only once the pipe is attached.
 */
export function openTerminal({
  command,
  cwd,
  columns = 100,
  rows = 40,
}: {
  command: string;
  cwd: string;
  columns?: number;
  rows?: number;
}): Terminal {
  checkTmuxInstalled();
  const directory = mkdtempSync(join(tmpdir(), 'toolloop-terminal-'));
  const socket = join(directory, 'tmux.sock');
  const fifo = join(directory, 'output.fifo');
  const tmux = (...args: string[]) =>
    execFileSync('tmux', ['-S', socket, '-f', '/dev/null', ...args], { cwd, encoding: 'utf8' });
  execFileSync('mkfifo', [fifo]);
  tmux(
    'new-session',
    '-d',
    '-s',
    'main',
    '-x',
    String(columns),
    '-y',
    String(rows),
    `sh -c 'read start; exec ${command}'`,
  );
  tmux('pipe-pane', '-t', 'main', '-o', `cat >> '${fifo}'`);

  let output = '';
  let consumed = 0;
  let ended = false;
  const listeners = new Set<() => void>();
  const stream = createReadStream(fifo, { encoding: 'utf8' });
  stream.on('data', (chunk: string | Buffer) => {
    output += chunk.toString().replace(escapeSequence, '').replaceAll('\r', '');
    for (const listener of listeners) listener();
  });
  stream.on('end', () => {
    ended = true;
    for (const listener of listeners) listener();
  });
  tmux('send-keys', '-t', 'main', 'Enter');

  const waitUntil = (done: () => boolean, failure: () => Error) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (done()) {
          listeners.delete(check);
          resolve();
        } else if (ended) {
          listeners.delete(check);
          reject(failure());
        }
      };
      listeners.add(check);
      check();
    });

  return {
    type(line) {
      tmux('send-keys', '-t', 'main', '-l', line);
      tmux('send-keys', '-t', 'main', 'Enter');
    },
    async waitFor(pattern) {
      let match: RegExpExecArray | null = null;
      await waitUntil(
        () => (match = pattern.exec(output.slice(consumed))) !== null,
        () => new Error(`The program ended before printing ${String(pattern)}. It printed:\n${output}`),
      );
      const found = match as unknown as RegExpExecArray;
      const text = output.slice(consumed, consumed + found.index + found[0].length);
      consumed += found.index + found[0].length;
      return text;
    },
    screen: ({ escapes = false } = {}) =>
      tmux('capture-pane', '-p', '-t', 'main', ...(escapes ? ['-e'] : [])),
    exited: () =>
      waitUntil(
        () => ended,
        () => new Error('unreachable'),
      ),
    close() {
      try {
        tmux('kill-server');
      } catch {
        // Already gone with its last pane.
      }
      stream.destroy();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Throws, saying what to install, when there is no `tmux` to run: the terminal is a tmux pane. */
function checkTmuxInstalled(): void {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(
      'No `tmux` on PATH. The chat example is tested in a real terminal, a tmux pane: install tmux ' +
        '(apt-get install -y tmux on Debian), then run pnpm test:system again.',
      { cause: error },
    );
  }
}
