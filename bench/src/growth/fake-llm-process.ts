import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** What the parent asks of the fake LLM's process. */
export type FakeLlmCommand =
  | { id: number; type: 'script'; ids: string[]; rounds: number; delayMs?: number }
  | { id: number; type: 'begin'; script: string }
  | { id: number; type: 'end'; script: string; remove: string[] }
  | { id: number; type: 'close' };

/** What the fake LLM's process answers, by the command's id (0: it is listening). */
export type FakeLlmReply =
  | { id: number; type: 'ready'; url: string }
  | { id: number; type: 'done' }
  | { id: number; type: 'cpu'; cpuMilliseconds: number }
  | { id: number; type: 'error'; message: string };

/** A command as it is asked: its id is given when it is sent. */
type WithoutId<COMMAND> = COMMAND extends unknown ? Omit<COMMAND, 'id'> : never;

/** The fake LLM served by a child process, and its CPU time read around each measured run. */
export interface FakeLlmProcess {
  url: string;
  /** Registers one loop script per id: `rounds` echo calls, then the answer, each step after `delayMs`. */
  addScripts(options: { ids: string[]; rounds: number; delayMs?: number }): Promise<void>;
  /** Starts counting the fake's CPU time for a run (the key is any name for it). */
  begin(run: string): Promise<void>;
  /**
   * Once the fake is idle: its CPU milliseconds since `begin(run)`. The scripts in `remove` are forgotten, and a
   * protocol violation the fake saw is thrown.
   */
  end(run: string, remove: string[]): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts the fake LLM in a child process, so that a benchmark's `process.cpuUsage()` is the client's alone and
 * the fake's own work is measured apart (it is the same for every client, unless a client's requests make the
 * fake work more).
 */
export async function startFakeLlmProcess(): Promise<FakeLlmProcess> {
  // No execArgv of this process's (a test runner's loader, its source export conditions): the child runs the build.
  const child = fork(childPath(), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<
    number,
    { resolve: (reply: FakeLlmReply) => void; reject: (error: Error) => void }
  >();
  let nextId = 1;
  let exited = false;
  const ready = new Promise<string>((resolve, reject) => {
    pending.set(0, {
      resolve: (reply) => {
        if (reply.type === 'ready') resolve(reply.url);
        else reject(new Error(`The fake LLM's process did not start: ${JSON.stringify(reply)}`));
      },
      reject,
    });
  });
  child.on('message', (reply: FakeLlmReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.type === 'error') waiting?.reject(new Error(reply.message));
    else waiting?.resolve(reply);
  });
  child.on('exit', (code, signal) => {
    exited = true;
    for (const { reject } of pending.values())
      reject(new Error(`The fake LLM's process exited (${signal ?? `code ${String(code)}`}).`));
    pending.clear();
  });
  const ask = (command: WithoutId<FakeLlmCommand>): Promise<FakeLlmReply> => {
    if (exited) return Promise.reject(new Error("The fake LLM's process has exited."));
    const id = nextId++;
    return new Promise<FakeLlmReply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      child.send({ ...command, id });
    });
  };
  let url: string;
  try {
    url = await ready;
  } catch (error) {
    child.kill();
    throw error;
  }
  return {
    url,
    async addScripts({ ids, rounds, delayMs }) {
      await ask({ type: 'script', ids, rounds, ...(delayMs === undefined ? {} : { delayMs }) });
    },
    async begin(run) {
      await ask({ type: 'begin', script: run });
    },
    async end(run, remove) {
      const reply = await ask({ type: 'end', script: run, remove });
      if (reply.type !== 'cpu') throw new Error(`The fake LLM's process answered ${JSON.stringify(reply)}.`);
      return reply.cpuMilliseconds;
    },
    async close() {
      if (exited) return;
      const exit = once(child, 'exit');
      await ask({ type: 'close' }).catch(() => undefined);
      await exit;
    },
  };
}

/** The child's script beside this module when built, else the build's (tests run this module from its source). */
function childPath(): string {
  const beside = fileURLToPath(new URL('./fake-llm-child.js', import.meta.url));
  return existsSync(beside)
    ? beside
    : fileURLToPath(new URL('../../dist/growth/fake-llm-child.js', import.meta.url));
}
