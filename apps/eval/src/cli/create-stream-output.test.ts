import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runProgram } from './create-program.js';
import { createStreamOutput } from './create-stream-output.js';

/** A child that reads the first chunk from its stdin and exits: the reading end of `| head -1`. */
function startReaderThatLeaves() {
  return spawn(process.execPath, ['-e', "process.stdin.once('data', () => process.exit(0))"], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
}

describe('createStreamOutput', () => {
  it('ends a command quietly when its stdout reader has gone (EPIPE): no error, the exit code unchanged', async () => {
    const reader = startReaderThatLeaves();
    const stderr = new PassThrough({ encoding: 'utf8' });
    const output = createStreamOutput({ stdout: reader.stdin, stderr });

    // The schema is larger than a pipe's buffer, so the writes go on after the reader exits.
    const exitCode = await runProgram(['node', 'toolloop-eval', 'schema'], { output });
    output.stdout('one more line after the reader left\n');
    // Not `once(stream, 'close')`: it would reject on the very EPIPE error this is about.
    await new Promise((resolve) => reader.stdin.on('close', resolve));
    if (reader.exitCode === null) await once(reader, 'exit');

    expect(exitCode).toBe(0);
    expect(reader.stdin.destroyed).toBe(true);
    expect(stderr.read()).toBeNull();
  });

  it('writes through while the reader is there, and says what the stream says of the terminal', () => {
    const stdout = Object.assign(new PassThrough({ encoding: 'utf8' }), { isTTY: true, columns: 120 });
    const output = createStreamOutput({ stdout, stderr: new PassThrough() });

    output.stdout('hello\n');

    expect([stdout.read(), output.isTTY, output.columns]).toEqual(['hello\n', true, 120]);
  });

  it('still raises errors other than a closed pipe', () => {
    const stdout = new PassThrough();
    createStreamOutput({ stdout, stderr: new PassThrough() });

    expect(() => stdout.emit('error', Object.assign(new Error('disk full'), { code: 'ENOSPC' }))).toThrow(
      'disk full',
    );
  });
});
