import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvalidConfigError } from '../errors/invalid-config-error.js';
import { createFileSessionStore } from './create-file-session-store.js';
import type { SessionData } from './session-data.js';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-file-store-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

function buildSession(overrides: Partial<SessionData> = {}): SessionData {
  return {
    id: 'session-1',
    llmConfig: { type: 'claude', model: 'claude-sonnet-4-5', max_tool_calls: { per_session: 5 } },
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
  it('saves one JSON file per session and loads it back whole', async () => {
    const store = createFileSessionStore({ directory });
    const session = buildSession();

    await store.save(session);

    expect(await store.load('session-1')).toEqual(session);
    expect(await readdir(directory)).toEqual(['session-1.json']);
    expect(JSON.parse(await readFile(join(directory, 'session-1.json'), 'utf8'))).toMatchObject({
      format: 'toolloop.session.v1',
      lastActivity: '2026-11-21T10:00:00.000Z',
      toolCallCount: 2,
    });
  });

  it('replaces a file atomically and leaves no temporary file behind', async () => {
    const store = createFileSessionStore({ directory });

    await store.save(buildSession());
    await store.save(buildSession({ toolCallCount: 3 }));

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

  it('never writes an api key, even when a caller passes one', async () => {
    const store = createFileSessionStore({ directory });
    const llmConfig = { type: 'claude' as const, model: 'm', api_key: 'sk-ant-never-on-disk' };

    await store.save(buildSession({ llmConfig }));

    expect(await readFile(join(directory, 'session-1.json'), 'utf8')).not.toContain('sk-ant-never-on-disk');
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

  it('refuses an id that could leave the directory', async () => {
    const store = createFileSessionStore({ directory });

    await expect(store.load('../escape')).rejects.toSatisfy((error) =>
      InvalidArgumentError.isInstance(error),
    );
    await expect(store.save(buildSession({ id: 'a/b' }))).rejects.toSatisfy((error) =>
      InvalidArgumentError.isInstance(error),
    );
  });
});
