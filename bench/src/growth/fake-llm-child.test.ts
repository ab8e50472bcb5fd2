import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// The built child, as `startFakeLlmProcess` starts it.
const childFile = fileURLToPath(new URL('../../dist/growth/fake-llm-child.js', import.meta.url));

const started: ChildProcess[] = [];

afterEach(() => {
  // A child that did not end is not left behind by a failed test.
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill();
});

describe('the fake LLM child process', () => {
  it('ends when its parent goes without closing it (a benchmark that threw), instead of serving on', async () => {
    const child = fork(childFile, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    started.push(child);
    const exited = once(child, 'exit');
    const [ready] = (await once(child, 'message')) as [{ type: string }];
    expect(ready.type).toBe('ready');

    // What the channel does when the parent process ends.
    child.disconnect();

    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  });
});
