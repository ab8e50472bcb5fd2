import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  appendFile,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvalidConfigError } from '../errors/invalid-config-error.js';
import { SessionConflictError } from '../errors/session-conflict-error.js';
import { createFileSessionStore } from './create-file-session-store.js';
import type { SessionData } from './session-data.js';
import type { SessionStore } from './session-store.js';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-file-store-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

function conflictMessage(path: string): string {
  return (
    `Session 'session-1' in '${path}' was saved from version 1, but the store holds version 2: another ` +
    'host saved or deleted it since. This save was refused so that nothing is overwritten. Read the session ' +
    'again and retry.'
  );
}

/**
 * Saves the session with one more user message through `store` from version 1, as a turn does; what the save
 * threw, if anything.
 */
function appendTurn(store: SessionStore, content: string): Promise<unknown> {
  const messages = [...buildSession().messages, { role: 'user' as const, content }];
  return store.save(buildSession({ messages, version: 1 }), { change: { appendedMessages: 1 } }).then(
    () => undefined,
    (error: unknown) => error,
  );
}

/** Writes the lock a store holds while it saves session-1, as a store of process `pid` would. */
async function writeLock(fields: { pid: number; hostname?: string; since?: string }): Promise<void> {
  const lock = { hostname: hostname(), token: randomUUID(), since: new Date().toISOString(), ...fields };
  await writeFile(join(directory, '.session-1.lock'), JSON.stringify(lock), { flag: 'wx', mode: 0o600 });
}

function buildSession(overrides: Partial<SessionData> = {}): SessionData {
  return {
    id: 'session-1',
    llmConfig: { type: 'claude', model: 'claude-sonnet-4-6', max_tool_calls: { per_session: 5 } },
    messages: [
      { role: 'user', content: 'Hi' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', text: 'Say hello.', providerData: { signature: 'sig-1' } },
          { type: 'text', text: 'Hello.' },
        ],
      },
    ],
    lastActivity: new Date('2026-11-21T10:00:00.000Z'),
    toolCallCount: 2,
    ...overrides,
  };
}

describe('createFileSessionStore', () => {
  it('saves one JSON Lines file per session and loads it back whole', async () => {
    const store = createFileSessionStore({ directory });
    const session = buildSession();

    await store.save(session);

    expect(await store.load('session-1')).toEqual({ ...session, version: 1 });
    expect(await readdir(directory)).toEqual(['session-1.json']);
    const lines = (await readFile(join(directory, 'session-1.json'), 'utf8')).split('\n');
    expect(lines.map((line) => (line === '' ? line : (JSON.parse(line) as unknown)))).toEqual([
      { format: 'toolloop.session.v2', id: 'session-1', llmConfig: session.llmConfig },
      { version: 1, messages: session.messages, lastActivity: '2026-11-21T10:00:00.000Z', toolCallCount: 2 },
      '',
    ]);
  });

  it('keeps a paused turn on the line of the save that paused, without a second copy of the transcript', async () => {
    const store = createFileSessionStore({ directory });
    const session = buildSession();
    await store.save(session);
    const call = { type: 'tool-call' as const, id: 'call_1', name: 'delete_note', input: { id: 1 } };
    const messages = [
      ...session.messages,
      { role: 'user' as const, content: 'Delete note 1.' },
      { role: 'assistant' as const, content: [call] },
    ];
    const pausedTurn = {
      version: 1 as const,
      messages,
      pendingApprovals: [{ toolCallId: 'call_1', name: 'delete_note', input: { id: 1 } }],
      toolNames: ['delete_note'],
      step: {
        iteration: 1,
        round: 0,
        request: { toolNames: ['delete_note'], messageCount: 3 },
        response: { text: '', finishReason: 'tool_calls' as const, toolCallCount: 1 },
        usage: { inputTokens: 10, outputTokens: 5 },
      },
      counters: { iterations: 1, rounds: 0, sessionTokens: 0 },
    } as unknown as NonNullable<SessionData['pausedTurn']>;
    const paused = buildSession({ messages, tokenCount: 15, pausedTurn, version: 1 });

    await store.save(paused, { change: { appendedMessages: 2 } });
    const resumed = buildSession({
      messages: [...messages, { role: 'tool', content: [] }],
      tokenCount: 30,
      version: 2,
    });
    const loadedPaused = await createFileSessionStore({ directory }).load('session-1');
    await store.save(resumed, { change: { appendedMessages: 1 } });

    const lines = (await readFile(join(directory, 'session-1.json'), 'utf8')).trim().split('\n');
    const pausedLine = JSON.parse(lines[2] ?? '') as Record<string, unknown>;
    const { messages: _messages, ...storedTurn } = pausedTurn;
    expect(pausedLine.pausedTurn).toEqual(storedTurn);
    expect(loadedPaused).toEqual({ ...paused, version: 2 });
    expect(await createFileSessionStore({ directory }).load('session-1')).toEqual({ ...resumed, version: 3 });
  });

  it('appends a save that only added messages as one line, leaving the earlier bytes as they were', async () => {
    const store = createFileSessionStore({ directory });
    const session = buildSession();
    await store.save(session);
    const before = await readFile(join(directory, 'session-1.json'), 'utf8');
    const next = buildSession({
      messages: [...session.messages, { role: 'user', content: 'And now?' }],
      lastActivity: new Date('2026-11-21T10:05:00.000Z'),
      toolCallCount: 3,
      version: 1,
    });

    await store.save(next, { change: { appendedMessages: 1 } });

    const after = await readFile(join(directory, 'session-1.json'), 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(JSON.parse(after.slice(before.length))).toEqual({
      version: 2,
      messages: [{ role: 'user', content: 'And now?' }],
      lastActivity: '2026-11-21T10:05:00.000Z',
      toolCallCount: 3,
    });
    expect(await createFileSessionStore({ directory }).load('session-1')).toEqual({ ...next, version: 2 });
  });

  it('keeps every earlier turn when a crash cut the last line short, and cuts it off before the next append', async () => {
    const session = buildSession();
    await createFileSessionStore({ directory }).save(session);
    const path = join(directory, 'session-1.json');
    const whole = await readFile(path, 'utf8');
    await appendFile(path, '{"messages":[{"role":"user","con');

    const restarted = createFileSessionStore({ directory });
    const loaded = await restarted.load('session-1');
    const next = buildSession({
      messages: [...session.messages, { role: 'user', content: 'Again' }],
      version: 1,
    });
    await restarted.save(next, { change: { appendedMessages: 1 } });

    expect(loaded).toEqual({ ...session, version: 1 });
    expect(
      (await readFile(path, 'utf8')).startsWith(
        `${whole}{"version":2,"messages":[{"role":"user","content":"Again"}]`,
      ),
    ).toBe(true);
    expect(await createFileSessionStore({ directory }).load('session-1')).toEqual({ ...next, version: 2 });
  });

  it('saves the session whole when a change does not fit what the file holds', async () => {
    const store = createFileSessionStore({ directory });
    await store.save(buildSession());
    const next = buildSession({ messages: [{ role: 'user', content: 'Rewritten' }], version: 1 });

    await store.save(next, { change: { appendedMessages: 1 } });

    expect(await createFileSessionStore({ directory }).load('session-1')).toEqual({ ...next, version: 2 });
  });

  it('reads a file of the earlier one-document format, withholding its literal server secrets, and writes the new format at its next save', async () => {
    const session = buildSession({
      llmConfig: {
        type: 'claude',
        model: 'claude-sonnet-4-6',
        servers: {
          api: { url: 'https://example.com/mcp', headers: { authorization: 'Bearer sk-old-file' } },
        },
      },
    });
    const path = join(directory, 'session-1.json');
    const { lastActivity, ...rest } = session;
    await writeFile(
      path,
      JSON.stringify(
        { format: 'toolloop.session.v1', ...rest, lastActivity: lastActivity.toISOString() },
        null,
        2,
      ),
    );
    const store = createFileSessionStore({ directory });

    const loaded = await store.load('session-1');
    if (loaded === undefined) throw new Error('expected the session');
    await store.save(
      { ...loaded, messages: [...loaded.messages, { role: 'user', content: 'Hi' }] },
      { change: { appendedMessages: 1 } },
    );

    expect(loaded.llmConfig.servers).toEqual({
      api: { url: 'https://example.com/mcp', headers: { authorization: null } },
    });
    const text = await readFile(path, 'utf8');
    expect(text.startsWith('{"format":"toolloop.session.v2"')).toBe(true);
    expect(text).not.toContain('sk-old-file');
    expect((await store.load('session-1'))?.messages).toHaveLength(3);
  });

  it('replaces a file atomically and leaves no temporary file behind', async () => {
    const store = createFileSessionStore({ directory });

    await store.save(buildSession());
    await store.save(buildSession({ toolCallCount: 3, version: 1 }));

    expect(await readdir(directory)).toEqual(['session-1.json']);
    expect((await store.load('session-1'))?.toolCallCount).toBe(3);
  });

  it('ignores a temporary file left by a crash mid-save', async () => {
    const store = createFileSessionStore({ directory });
    await store.save(buildSession());
    await writeFile(join(directory, '.session-1.0000.tmp'), '{"half": ');

    expect(await store.list()).toEqual(['session-1']);
    expect((await store.load('session-1'))?.toolCallCount).toBe(2);
  });

  it('removes the temporary files of crashed saves when it opens, and nothing else', async () => {
    const leftover = (id: string) => `.${id}.${randomUUID()}.tmp`;
    const own = [leftover('session-1'), leftover('other_id-2')];
    const foreign = [
      'notes.tmp',
      '.session-1.tmp',
      '.session-1.0000.tmp',
      `${leftover('x')}.bak`,
      'keep.json',
    ];
    for (const name of [...own, ...foreign]) await writeFile(join(directory, name), '{"half": ');
    const directoryNamedLikeOne = leftover('session-3');
    await mkdir(join(directory, directoryNamedLikeOne));
    await mkdir(join(directory, 'nested'));
    const nested = join('nested', leftover('session-1'));
    await writeFile(join(directory, nested), '{"half": ');

    const store = createFileSessionStore({ directory });
    await store.list();

    expect((await readdir(directory)).sort()).toEqual([...foreign, directoryNamedLikeOne, 'nested'].sort());
    expect(await readdir(join(directory, 'nested'))).toEqual([nested.slice('nested/'.length)]);
  });

  it("leaves the temporary file of a save another store is making: that session's lock is held", async () => {
    await writeLock({ pid: process.ppid });
    const saving = `.session-1.${randomUUID()}.tmp`;
    await writeFile(join(directory, saving), '{"format":');

    await createFileSessionStore({ directory }).list();

    expect((await readdir(directory)).sort()).toEqual(['.session-1.lock', saving].sort());
  });

  it('never writes an api key or a literal server secret, even when a caller passes one', async () => {
    const store = createFileSessionStore({ directory });
    const llmConfig = {
      type: 'claude' as const,
      model: 'm',
      api_key: 'sk-ant-never-on-disk',
      servers: { files: { command: 'node', env: { TOKEN: 'env-never-on-disk', HOME_DIR: '${HOME}' } } },
    };

    await store.save(buildSession({ llmConfig }));

    const text = await readFile(join(directory, 'session-1.json'), 'utf8');
    expect(text).not.toContain('sk-ant-never-on-disk');
    expect(text).not.toContain('env-never-on-disk');
    expect((await store.load('session-1'))?.llmConfig.servers).toEqual({
      files: { command: 'node', env: { TOKEN: null, HOME_DIR: '${HOME}' } },
    });
  });

  it('creates its directory 0700 and its files 0600', async () => {
    const nested = join(directory, 'sessions');
    const store = createFileSessionStore({ directory: nested });

    await store.save(buildSession());
    await store.save(
      buildSession({ messages: [...buildSession().messages, { role: 'user', content: 'More' }], version: 1 }),
      { change: { appendedMessages: 1 } },
    );

    expect((await stat(nested)).mode & 0o777).toBe(0o700);
    expect((await stat(join(nested, 'session-1.json'))).mode & 0o777).toBe(0o600);
  });

  it('lists, deletes, and reads an unknown id as undefined', async () => {
    const store = createFileSessionStore({ directory: join(directory, 'not-yet-created') });

    expect(await store.list()).toEqual([]);
    expect(await store.load('missing')).toBeUndefined();
    await store.save(buildSession({ id: 'b' }));
    await store.save(buildSession({ id: 'a' }));
    await store.delete('b');
    await store.delete('b');

    expect(await store.list()).toEqual(['a']);
  });

  it('names the file, the line and the field of a damaged line', async () => {
    const store = createFileSessionStore({ directory });
    await store.save(buildSession());
    const path = join(directory, 'session-1.json');
    await appendFile(path, '{"messages":[],"lastActivity":"x","toolCallCount":1}\nnot json\n');

    const error = await store.load('session-1').catch((caught: unknown) => caught);

    expect(InvalidConfigError.isInstance(error) && error.issues.map((issue) => issue.path)).toEqual([
      'line 3: lastActivity',
    ]);
    expect(String(error)).toContain('session-1.json');
  });

  it('names the file and the field of a damaged session', async () => {
    const store = createFileSessionStore({ directory });
    await writeFile(
      join(directory, 'broken.json'),
      JSON.stringify({
        ...buildSession(),
        format: 'toolloop.session.v1',
        toolCallCount: -1,
        lastActivity: 'x',
      }),
    );
    await writeFile(join(directory, 'garbage.json'), 'not json');

    const broken = await store.load('broken').catch((error: unknown) => error);
    const garbage = await store.load('garbage').catch((error: unknown) => error);

    expect(InvalidConfigError.isInstance(broken) && broken.issues.map((issue) => issue.path)).toEqual([
      'lastActivity',
      'toolCallCount',
    ]);
    expect(String(broken)).toContain('broken.json');
    expect(InvalidConfigError.isInstance(garbage) && garbage.issues[0]?.path).toBe('(file)');
  });

  it('refuses to append over a turn another store appended since, and keeps that turn', async () => {
    const path = join(directory, 'session-1.json');
    const first = createFileSessionStore({ directory });
    await first.save(buildSession());
    const second = createFileSessionStore({ directory });
    const loaded = await second.load('session-1');
    if (loaded === undefined) throw new Error('expected the session');
    const fromSecond = { ...loaded, messages: [...loaded.messages, { role: 'user' as const, content: 'B' }] };
    await second.save(fromSecond, { change: { appendedMessages: 1 } });
    const written = await readFile(path, 'utf8');

    const refused = await appendTurn(first, 'A');

    expect(SessionConflictError.isInstance(refused) && refused.toJSON()).toEqual({
      name: 'SessionConflictError',
      message: conflictMessage(path),
      sessionId: 'session-1',
      path,
      reason: 'changed',
      expectedVersion: 1,
      storedVersion: 2,
    });
    expect(await readFile(path, 'utf8')).toBe(written);
    expect(await createFileSessionStore({ directory }).load('session-1')).toEqual({
      ...fromSecond,
      version: 2,
    });
  });

  it('refuses to cut a turn another store appended since, though a line a crash cut short follows it', async () => {
    const path = join(directory, 'session-1.json');
    const first = createFileSessionStore({ directory });
    await first.save(buildSession());
    const finished = `${JSON.stringify({ messages: [{ role: 'user', content: 'B' }], lastActivity: '2026-11-21T10:05:00.000Z', toolCallCount: 2 })}\n`;
    await appendFile(path, `${finished}{"messages":[{"role":"user","con`);
    const written = await readFile(path, 'utf8');

    const refused = await appendTurn(first, 'A');

    expect(SessionConflictError.isInstance(refused)).toBe(true);
    expect(await readFile(path, 'utf8')).toBe(written);
  });

  it("never cuts the unfinished line of a store still writing: it waits for that store's lock, then refuses with a conflict", async () => {
    const path = join(directory, 'session-1.json');
    const store = createFileSessionStore({ directory, lockTimeoutMs: 100 });
    await store.save(buildSession());
    // Another worker of this host (a process that runs: the test runner's) is halfway through its append.
    await writeLock({ pid: process.ppid });
    await appendFile(path, '{"messages":[{"role":"user","con');
    const written = await readFile(path, 'utf8');

    const refused = await appendTurn(store, 'A');

    expect(SessionConflictError.isInstance(refused) && refused.reason).toBe('locked');
    expect(await readFile(path, 'utf8')).toBe(written);
  });

  it('takes over the lock of a store whose process is gone, and cuts the line it left unfinished', async () => {
    const path = join(directory, 'session-1.json');
    const store = createFileSessionStore({ directory, lockTimeoutMs: 10_000 });
    await store.save(buildSession());
    const whole = await readFile(path, 'utf8');
    // A worker killed halfway through its append: its lock and its unfinished line stay.
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    await writeLock({ pid });
    await appendFile(path, '{"messages":[{"role":"user","con');

    const outcome = await appendTurn(store, 'A');

    expect(outcome).toBeUndefined();
    expect(
      (await readFile(path, 'utf8')).startsWith(
        `${whole}{"version":2,"messages":[{"role":"user","content":"A"}]`,
      ),
    ).toBe(true);
    expect(await readdir(directory)).toEqual(['session-1.json']);
  });

  it('takes over a lock that an earlier process with the same process id left', async () => {
    const store = createFileSessionStore({ directory, lockTimeoutMs: 10_000 });
    await store.save(buildSession());
    // A restarted container often runs its host with the id the crashed one had.
    await writeLock({ pid: process.pid });

    expect(await appendTurn(store, 'A')).toBeUndefined();
  });

  it('never takes over a lock of another host: it waits for it, then refuses, naming the lock file and its holder', async () => {
    const path = join(directory, 'session-1.json');
    const store = createFileSessionStore({ directory, lockTimeoutMs: 200 });
    await store.save(buildSession());
    await writeLock({ pid: process.pid, hostname: 'web-2', since: '2026-11-21T10:00:00.000Z' });
    const written = await readFile(path, 'utf8');

    const started = performance.now();
    const refused = await appendTurn(store, 'A');

    const elapsed = performance.now() - started;
    const lockPath = join(directory, '.session-1.lock');
    const waitedMs = Number(/within (\d+) ms/.exec(String(refused))?.[1]);
    expect(SessionConflictError.isInstance(refused) && refused.toJSON()).toEqual({
      name: 'SessionConflictError',
      message:
        `Session 'session-1' in '${path}' is being saved by another store: its lock file '${lockPath}' is held ` +
        `by process ${process.pid} on host 'web-2' (since 2026-11-21T10:00:00.000Z) and was not released within ` +
        `${waitedMs} ms. This save was refused so that nothing is overwritten. Read the session again and ` +
        `retry; if no store is saving it (a host that stopped while it saved), delete '${lockPath}'.`,
      sessionId: 'session-1',
      path,
      reason: 'locked',
      lockPath,
    });
    expect(waitedMs).toBeGreaterThanOrEqual(200);
    expect(elapsed).toBeGreaterThanOrEqual(200);
    expect(elapsed).toBeLessThan(30_000);
    expect(await readFile(path, 'utf8')).toBe(written);
  });

  it('refuses, naming the lock file, when the lock cannot be read, and leaves it as it is', async () => {
    const store = createFileSessionStore({ directory, lockTimeoutMs: 50 });
    await store.save(buildSession());
    const lockPath = join(directory, '.session-1.lock');
    await writeFile(lockPath, '');

    const refused = await appendTurn(store, 'A');

    expect(SessionConflictError.isInstance(refused) && refused.message).toContain(
      `its lock file '${lockPath}' is held by an unknown store (the lock file is empty or damaged)`,
    );
    expect(await readFile(lockPath, 'utf8')).toBe('');
  });

  it('releases the lock after every save, one that was refused included', async () => {
    const store = createFileSessionStore({ directory });
    await store.save(buildSession());
    await appendTurn(store, 'A');
    const stale = createFileSessionStore({ directory });

    const refused = await stale.save(buildSession({ toolCallCount: 9 })).catch((error: unknown) => error);

    expect(SessionConflictError.isInstance(refused)).toBe(true);
    expect(await readdir(directory)).toEqual(['session-1.json']);
  });

  it('lets one of two saves that cross through, and refuses the other with a conflict', async () => {
    await createFileSessionStore({ directory }).save(buildSession());
    const [first, second] = [createFileSessionStore({ directory }), createFileSessionStore({ directory })];
    await Promise.all([first.load('session-1'), second.load('session-1')]);

    const outcomes = await Promise.all([appendTurn(first, 'A'), appendTurn(second, 'B')]);
    const stored = await createFileSessionStore({ directory }).load('session-1');

    const names = outcomes.map((outcome) =>
      outcome === undefined ? 'saved' : SessionConflictError.isInstance(outcome) ? 'conflict' : outcome,
    );
    expect([...names].sort()).toEqual(['conflict', 'saved']);
    expect(stored?.messages.slice(2)).toEqual([{ role: 'user', content: names[0] === 'saved' ? 'A' : 'B' }]);
  });

  it('refuses to rewrite a file another store rewrote since, though its length is the same', async () => {
    const path = join(directory, 'session-1.json');
    const first = createFileSessionStore({ directory });
    await first.save(buildSession());
    const second = createFileSessionStore({ directory });
    await second.load('session-1');
    await second.save(buildSession({ toolCallCount: 3, version: 1 }));
    const written = await readFile(path, 'utf8');

    const refused = await first
      .save(buildSession({ toolCallCount: 4, version: 1 }))
      .catch((error: unknown) => error);

    expect(SessionConflictError.isInstance(refused)).toBe(true);
    expect(await readFile(path, 'utf8')).toBe(written);
  });

  it('refuses to append to a file another store rewrote shorter since', async () => {
    const path = join(directory, 'session-1.json');
    const first = createFileSessionStore({ directory });
    await first.save(buildSession());
    const second = createFileSessionStore({ directory });
    await second.load('session-1');
    await second.save(buildSession({ messages: [{ role: 'user', content: 'Short' }], version: 1 }));
    const written = await readFile(path, 'utf8');

    const refused = await appendTurn(first, 'A');

    expect(SessionConflictError.isInstance(refused)).toBe(true);
    expect(await readFile(path, 'utf8')).toBe(written);
  });

  it('refuses a new session whose file exists, written by another store', async () => {
    const path = join(directory, 'session-1.json');
    await createFileSessionStore({ directory }).save(buildSession());
    const written = await readFile(path, 'utf8');

    const refused = await createFileSessionStore({ directory })
      .save(buildSession({ toolCallCount: 9 }))
      .catch((error: unknown) => error);

    expect(SessionConflictError.isInstance(refused)).toBe(true);
    expect(await readFile(path, 'utf8')).toBe(written);
  });

  it('refuses a file whose name and the id inside disagree, naming both and what to do', async () => {
    await createFileSessionStore({ directory }).save(buildSession({ id: 'a' }));
    await copyFile(join(directory, 'a.json'), join(directory, 'c.json'));
    const store = createFileSessionStore({ directory });

    const refused = await store.load('c').catch((error: unknown) => error);

    expect(InvalidConfigError.isInstance(refused) && refused.message).toBe(
      `Invalid session file '${join(directory, 'c.json')}' (1 problem):\n` +
        "- line 1: id: the file holds session 'a', but its name says 'c'. A session file is named after the " +
        "session it holds: rename it to 'a.json', or, to keep it as a copy, set the id on its first line to 'c'.",
    );
    expect(await store.load('a')).toEqual({ ...buildSession({ id: 'a' }), version: 1 });
  });

  it('refuses a file of the earlier format whose name and the id inside disagree', async () => {
    const { lastActivity, ...rest } = buildSession({ id: 'a' });
    await writeFile(
      join(directory, 'c.json'),
      JSON.stringify({ format: 'toolloop.session.v1', ...rest, lastActivity: lastActivity.toISOString() }),
    );

    const refused = await createFileSessionStore({ directory })
      .load('c')
      .catch((error: unknown) => error);

    expect(InvalidConfigError.isInstance(refused) && refused.issues.map((issue) => issue.path)).toEqual([
      'id',
    ]);
  });

  it('refuses an id that could leave the directory', async () => {
    const store = createFileSessionStore({ directory });

    await expect(store.load('../escape')).rejects.toSatisfy((error) =>
      InvalidArgumentError.isInstance(error),
    );
    await expect(store.save(buildSession({ id: 'a/b' }))).rejects.toSatisfy((error) =>
      InvalidArgumentError.isInstance(error),
    );
  });

  it('refuses a save made from a version another store rewrote twice since, though the file has its inode number and length again', async () => {
    const path = join(directory, 'session-1.json');
    const stale = createFileSessionStore({ directory });
    const other = createFileSessionStore({ directory });
    await stale.save(buildSession({ messages: [{ role: 'user', content: 'original' }] }));
    const read = await stale.load('session-1');
    const { ino } = await stat(path);
    // Rewritten whole, with text of one length, until the file system hands the freed inode number back (ext4
    // does at once); a file system that never does still checks the versions.
    for (let rewrite = 1; rewrite <= 20; rewrite += 1) {
      await other.save(
        buildSession({ messages: [{ role: 'user', content: `rewrite${rewrite % 10}` }], version: rewrite }),
      );
      if (rewrite >= 2 && (await stat(path)).ino === ino) break;
    }
    const written = await readFile(path, 'utf8');

    const refused = await appendTurn(stale, 'stale');

    expect(read?.version).toBe(1);
    expect(SessionConflictError.isInstance(refused) && refused.reason).toBe('changed');
    expect(await readFile(path, 'utf8')).toBe(written);
  });

  it('never brings back a session deleted while a save of it was under way, nor leaves its lease behind', async () => {
    const outcomes: string[] = [];
    // Deletes started at different moments of a save or a lease request; each round either order is fine, but not both.
    for (let round = 0; round < 40; round += 1) {
      const id = `race-${round}`;
      const host = createFileSessionStore({ directory });
      const closer = createFileSessionStore({ directory });
      await host.save(buildSession({ id }));
      const rewrite = host.save(buildSession({ id, version: 1, messages: [{ role: 'user', content: 'x' }] }));
      const lease = host.acquireLease(id, { owner: 'host-a', ttlMs: 30_000 });
      const deleted = new Promise((resolve) => setTimeout(resolve, round % 6)).then(() => closer.delete(id));
      const [saved] = await Promise.allSettled([rewrite, lease, deleted]);
      const names = await readdir(directory);
      if (saved.status === 'fulfilled' && names.includes(`${id}.json`))
        outcomes.push(`${id}: saved after its delete`);
      if (!names.includes(`${id}.json`) && names.includes(`.${id}.lease`)) outcomes.push(`${id}: lease left`);
    }

    expect(outcomes).toEqual([]);
  });
});
