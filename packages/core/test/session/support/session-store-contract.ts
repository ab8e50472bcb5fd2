import {
  SessionConflictError,
  type SessionData,
  type SessionLeaseResult,
  type SessionStore,
} from '@toolloop/core/session';
import { describe, expect, it } from 'vitest';

/** A store under test, and what the contract tests need to drive it. */
export interface StoreUnderTest {
  store: SessionStore;
  /**
   * Another store on the same backing (another host's): a second file store on the directory, a second pool on
   * the database; the same store where there is no other (memory).
   */
  another: () => SessionStore;
  /**
   * Lets `ms` pass on the clock leases run out by: a controlled clock moves on; a store on a real clock (a
   * database's) is not moved, and the tests wait for the expiry they need instead.
   */
  passTime?: (ms: number) => void;
  close: () => Promise<void>;
}

const session: SessionData = {
  id: 'contract-1',
  llmConfig: { type: 'openai', model: 'gpt-5' },
  messages: [{ role: 'user', content: 'Hi' }],
  lastActivity: new Date('2026-12-03T10:00:00.000Z'),
  toolCallCount: 0,
  tokenCount: 0,
};

const reply = { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'Hello.' }] };

/** A session saved as the manager saves after a turn: from `version`, with one message appended. */
function nextTurn(from: SessionData, text: string): SessionData {
  return {
    ...from,
    messages: [...from.messages, { role: 'user', content: text }],
    lastActivity: new Date(from.lastActivity.getTime() + 1_000),
    toolCallCount: from.toolCallCount + 1,
  };
}

async function refusal(action: Promise<unknown>): Promise<SessionConflictError> {
  const error = await action.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!SessionConflictError.isInstance(error))
    throw new Error(`expected a SessionConflictError, got ${String(error)}`);
  return error;
}

/** Asks for the lease as `owner` until it is acquired: for a store whose clock the test cannot move. */
async function acquireOnceExpired(
  store: SessionStore,
  id: string,
  owner: string,
): Promise<SessionLeaseResult> {
  const deadline = performance.now() + 20_000;
  for (;;) {
    const result = await store.acquireLease(id, { owner, ttlMs: 60_000 });
    if (result.type !== 'busy' || performance.now() > deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The tests every `SessionStore` passes: versions refuse every save made from a version that is not the stored
 * one, and leases give a session to one owner at a time, renewed by it and taken over once run out.
 */
export function describeSessionStoreContract(name: string, open: () => Promise<StoreUnderTest>): void {
  const withStore = (test: (subject: StoreUnderTest) => Promise<void>) => async () => {
    const subject = await open();
    try {
      await test(subject);
    } finally {
      await subject.close();
    }
  };

  /** Lets a lease of `ttlMs` run out, on the store's clock. */
  const expire = async (subject: StoreUnderTest, id: string, ttlMs: number, owner: string) => {
    if (subject.passTime === undefined) return acquireOnceExpired(subject.store, id, owner);
    subject.passTime(ttlMs + 1);
    return subject.store.acquireLease(id, { owner, ttlMs: 60_000 });
  };

  describe(`${name}: the session store contract`, () => {
    it(
      'gives a new session version 1, and each save from the stored version one more',
      withStore(async ({ store }) => {
        expect(await store.load(session.id)).toBeUndefined();

        const first = await store.save(session);
        const loaded = await store.load(session.id);
        const second = await store.save(nextTurn(loaded!, 'Again'), { change: { appendedMessages: 1 } });

        expect([first, second]).toEqual([1, 2]);
        expect(loaded).toEqual({ ...session, version: 1 });
        expect(await store.load(session.id)).toEqual({ ...nextTurn(session, 'Again'), version: 2 });
      }),
    );

    it(
      'refuses a save made from an older version, and keeps what was stored',
      withStore(async ({ store, another }) => {
        await store.save(session);
        const read = (await store.load(session.id))!;
        const other = another();
        await other.save(nextTurn((await other.load(session.id))!, 'First'), {
          change: { appendedMessages: 1 },
        });

        const error = await refusal(store.save(nextTurn(read, 'Stale'), { change: { appendedMessages: 1 } }));

        expect({
          reason: error.reason,
          expected: error.expectedVersion,
          stored: error.storedVersion,
        }).toEqual({
          reason: 'changed',
          expected: 1,
          stored: 2,
        });
        expect((await store.load(session.id))?.messages.map((message) => message.content)).toEqual([
          'Hi',
          'First',
        ]);
      }),
    );

    it(
      'refuses a new session whose id is stored, and a save of a session deleted since it was read',
      withStore(async ({ store, another }) => {
        await store.save(session);
        const read = (await store.load(session.id))!;

        const created = await refusal(another().save({ ...session, messages: [] }));
        await another().delete(session.id);
        const deleted = await refusal(
          store.save(nextTurn(read, 'After'), { change: { appendedMessages: 1 } }),
        );

        expect([created.reason, created.expectedVersion, created.storedVersion]).toEqual([
          'changed',
          undefined,
          1,
        ]);
        expect([deleted.reason, deleted.expectedVersion, deleted.storedVersion]).toEqual([
          'changed',
          1,
          undefined,
        ]);
        expect(await store.load(session.id)).toBeUndefined();
      }),
    );

    it(
      'lets exactly one of several saves made from one version land',
      withStore(async ({ store, another }) => {
        await store.save(session);
        const stores = [store, another(), another(), another()];
        const reads = await Promise.all(stores.map((each) => each.load(session.id)));

        const outcomes = await Promise.allSettled(
          stores.map((each, index) =>
            each.save(nextTurn(reads[index]!, `Host ${index}`), { change: { appendedMessages: 1 } }),
          ),
        );

        const landed = outcomes.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [index] : []));
        const refused = outcomes.flatMap((outcome) =>
          outcome.status === 'rejected' && SessionConflictError.isInstance(outcome.reason)
            ? [outcome.reason]
            : [],
        );
        const stored = await store.load(session.id);
        expect(landed).toHaveLength(1);
        expect(refused).toHaveLength(3);
        expect(stored?.version).toBe(2);
        expect(stored?.messages.at(-1)?.content).toBe(`Host ${landed[0]}`);
      }),
    );

    it(
      'saves the same session whether a save appends or writes it whole',
      withStore(async ({ store }) => {
        await store.save(session);
        const appended = {
          ...nextTurn(session, 'More'),
          messages: [...nextTurn(session, 'More').messages, reply],
        };
        await store.save({ ...appended, version: 1 }, { change: { appendedMessages: 2 } });
        const rewritten = { ...appended, messages: [{ role: 'user' as const, content: 'Other' }] };

        await store.save({ ...rewritten, version: 2 }, { change: { appendedMessages: 1 } });

        expect(await store.load(session.id)).toEqual({ ...rewritten, version: 3 });
      }),
    );

    it(
      'gives a lease to one owner at a time, who renews it; a missing session has none',
      withStore(async ({ store, another }) => {
        await store.save(session);

        const missing = await store.acquireLease('no-such-session', { owner: 'host-a', ttlMs: 30_000 });
        const first = await store.acquireLease(session.id, { owner: 'host-a', ttlMs: 30_000 });
        const busy = await another().acquireLease(session.id, { owner: 'host-b', ttlMs: 30_000 });
        const renewed = await store.acquireLease(session.id, { owner: 'host-a', ttlMs: 60_000 });

        expect(missing).toEqual({ type: 'missing' });
        expect(first).toMatchObject({ type: 'acquired', version: 1 });
        expect(busy).toMatchObject({ type: 'busy', owner: 'host-a' });
        expect(renewed.type).toBe('acquired');
        if (first.type === 'acquired' && busy.type === 'busy' && renewed.type === 'acquired') {
          expect(busy.expiresAt.getTime()).toBe(first.expiresAt.getTime());
          expect(renewed.expiresAt.getTime()).toBeGreaterThan(first.expiresAt.getTime());
        }
      }),
    );

    it(
      'tells, with the lease, which owner made the stored version',
      withStore(async ({ store, another }) => {
        await store.save(session, { leaseOwner: 'host-a' });
        const before = await store.acquireLease(session.id, { owner: 'host-b', ttlMs: 30_000 });
        const read = (await another().load(session.id))!;
        await another().save(nextTurn(read, 'From B'), {
          change: { appendedMessages: 1 },
          leaseOwner: 'host-b',
        });
        const after = await store.acquireLease(session.id, { owner: 'host-b', ttlMs: 30_000 });

        expect(before).toMatchObject({ type: 'acquired', version: 1, savedBy: 'host-a' });
        expect(after).toMatchObject({ type: 'acquired', version: 2, savedBy: 'host-b' });
      }),
    );

    it(
      'gives the lease to exactly one of several owners asking at once',
      withStore(async ({ store, another }) => {
        await store.save(session);
        const owners = ['host-a', 'host-b', 'host-c', 'host-d'];

        const results = await Promise.all(
          owners.map((owner, index) =>
            (index === 0 ? store : another()).acquireLease(session.id, { owner, ttlMs: 30_000 }),
          ),
        );

        const acquired = results.flatMap((result, index) =>
          result.type === 'acquired' ? [owners[index]] : [],
        );
        expect(acquired).toHaveLength(1);
        expect(results.flatMap((result) => (result.type === 'busy' ? [result.owner] : []))).toEqual(
          owners.filter((owner) => owner !== acquired[0]).map(() => acquired[0]),
        );
      }),
    );

    it(
      'lets another owner take a lease once it has run out, and the one who lost it renews nothing',
      withStore(async (subject) => {
        const { store } = subject;
        await store.save(session);
        await store.acquireLease(session.id, { owner: 'host-a', ttlMs: 50 });

        const taken = await expire(subject, session.id, 50, 'host-b');
        const renewal = await store.acquireLease(session.id, { owner: 'host-a', ttlMs: 50 });

        expect(taken).toMatchObject({ type: 'acquired', version: 1 });
        expect(renewal).toMatchObject({ type: 'busy', owner: 'host-b' });
      }),
    );

    it(
      'refuses saves by others while a lease runs, and takes the holder’s',
      withStore(async ({ store, another }) => {
        await store.save(session);
        await store.acquireLease(session.id, { owner: 'host-a', ttlMs: 30_000 });
        const read = (await store.load(session.id))!;

        const unnamed = await refusal(
          another().save(nextTurn(read, 'Nobody'), { change: { appendedMessages: 1 } }),
        );
        const other = await refusal(
          another().save(nextTurn(read, 'Host B'), { change: { appendedMessages: 1 }, leaseOwner: 'host-b' }),
        );
        const version = await store.save(nextTurn(read, 'Host A'), {
          change: { appendedMessages: 1 },
          leaseOwner: 'host-a',
        });

        expect([unnamed.reason, unnamed.leaseOwner, other.reason, other.leaseOwner]).toEqual([
          'leased',
          'host-a',
          'leased',
          'host-a',
        ]);
        expect(unnamed.leaseExpiresAt).toBeInstanceOf(Date);
        expect(version).toBe(2);
        expect((await store.load(session.id))?.messages.at(-1)?.content).toBe('Host A');
      }),
    );

    it(
      'refuses the saves of an owner whose lease was taken over after it ran out',
      withStore(async (subject) => {
        const { store } = subject;
        await store.save(session);
        await store.acquireLease(session.id, { owner: 'host-a', ttlMs: 50 });
        const read = (await store.load(session.id))!;
        await expire(subject, session.id, 50, 'host-b');

        const error = await refusal(
          store.save(nextTurn(read, 'Too late'), { change: { appendedMessages: 1 }, leaseOwner: 'host-a' }),
        );

        expect([error.reason, error.leaseOwner]).toEqual(['leased', 'host-b']);
        expect((await store.load(session.id))?.version).toBe(1);
      }),
    );

    it(
      'frees a lease its owner releases, and ignores a release by another owner',
      withStore(async ({ store, another }) => {
        await store.save(session);
        await store.acquireLease(session.id, { owner: 'host-a', ttlMs: 30_000 });

        await another().releaseLease(session.id, 'host-b');
        const stillBusy = await another().acquireLease(session.id, { owner: 'host-b', ttlMs: 30_000 });
        await store.releaseLease(session.id, 'host-a');
        const free = await another().acquireLease(session.id, { owner: 'host-b', ttlMs: 30_000 });

        expect(stillBusy.type).toBe('busy');
        expect(free).toMatchObject({ type: 'acquired', version: 1 });
      }),
    );

    it(
      'drops the lease with the session it deletes',
      withStore(async ({ store, another }) => {
        await store.save(session);
        await store.acquireLease(session.id, { owner: 'host-a', ttlMs: 30_000 });

        await store.delete(session.id);
        await another().save(session);
        const lease = await another().acquireLease(session.id, { owner: 'host-b', ttlMs: 30_000 });

        expect(lease).toMatchObject({ type: 'acquired', version: 1 });
      }),
    );

    it(
      'lists the stored sessions',
      withStore(async ({ store }) => {
        await store.save(session);
        await store.save({ ...session, id: 'contract-2' });
        await store.save({ ...session, id: 'contract-3' });
        await store.delete('contract-2');

        expect((await store.list()).sort()).toEqual(['contract-1', 'contract-3']);
      }),
    );
  });
}
