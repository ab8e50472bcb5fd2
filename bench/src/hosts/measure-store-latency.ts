import { SessionManager, createMemorySessionStore, type SessionStore } from '@toolloop/core/session';
import { createPostgresSessionStore } from '@toolloop/core/session/postgres';
import { percentile } from '../stats/percentile.js';
import { createChargeModel, createChargeTool } from './charge-turn.js';

/** Which store a row of the latency part measured. */
export type HostsStoreKind = 'memory' | 'postgres';

/** The 50th and 99th percentiles and the maximum of some milliseconds. */
export interface Percentiles {
  p50: number;
  p99: number;
  max: number;
}

/** What the latency part of the hosts benchmark measured. */
export interface StoreLatencyResult {
  warmupRuns: number;
  runs: number;
  /** Milliseconds per `sendMessage` (a turn with one `charge` call), per store. */
  stores: Array<{ store: HostsStoreKind; turnMs: Percentiles }>;
  /** Postgres minus memory, pair by pair (the two turns of one round): what the store and its lease add. */
  addedMs: Omit<Percentiles, 'max'>;
}

/**
 * The latency part of the hosts benchmark, in one process and without contention: a `SessionManager` on a memory
 * store and one on a Postgres store (the schema `hosts_latency` of `connectionString`), each with a session and
 * the same model (a `charge` call, then an answer); `warmupRuns` turns on each, then `runs` rounds of one turn on
 * each, the order alternating from round to round. The pairwise differences cancel what hit both turns of a round.
 */
export async function measureStoreLatency({
  connectionString,
  warmupRuns,
  runs,
}: {
  connectionString: string;
  warmupRuns: number;
  runs: number;
}): Promise<StoreLatencyResult> {
  const postgres = createPostgresSessionStore({ connectionString, schema: 'hosts_latency' });
  const managers = new Map<HostsStoreKind, SessionManager>([
    ['memory', createManager(createMemorySessionStore())],
    ['postgres', createManager(postgres)],
  ]);
  try {
    const sessions = new Map<HostsStoreKind, string>();
    for (const [store, manager] of managers)
      sessions.set(store, (await manager.initializeSession({ type: 'openai', model: 'charge' })).id);
    let sequence = 0;
    const turn = async (store: HostsStoreKind): Promise<number> => {
      const manager = managers.get(store);
      const sessionId = sessions.get(store);
      if (manager === undefined || sessionId === undefined) throw new Error(`No ${store} session.`);
      const text = `${store}-m${sequence}`;
      sequence += 1;
      const startedAt = performance.now();
      const result = await manager.sendMessage(sessionId, text);
      const elapsed = performance.now() - startedAt;
      if (result.stopReason !== 'completed')
        throw new Error(`A ${store} turn stopped with ${result.stopReason}, not completed.`);
      return elapsed;
    };
    for (let warmup = 0; warmup < warmupRuns; warmup += 1) {
      await turn('memory');
      await turn('postgres');
    }
    const samples: Record<HostsStoreKind, number[]> = { memory: [], postgres: [] };
    for (let round = 0; round < runs; round += 1) {
      const order: HostsStoreKind[] = round % 2 === 0 ? ['memory', 'postgres'] : ['postgres', 'memory'];
      for (const store of order) samples[store].push(await turn(store));
    }
    const added = samples.postgres.map((milliseconds, round) => milliseconds - (samples.memory[round] ?? 0));
    return {
      warmupRuns,
      runs,
      stores: (['memory', 'postgres'] as const).map((store) => ({
        store,
        turnMs: percentiles(samples[store]),
      })),
      addedMs: {
        p50: percentile({ samples: added, percent: 50 }),
        p99: percentile({ samples: added, percent: 99 }),
      },
    };
  } finally {
    await Promise.all([...managers.values()].map((manager) => manager.dispose()));
    await postgres.close();
  }
}

/** The 50th and 99th percentiles and the maximum of `samples`. */
export function percentiles(samples: readonly number[]): Percentiles {
  return {
    p50: percentile({ samples, percent: 50 }),
    p99: percentile({ samples, percent: 99 }),
    max: percentile({ samples, percent: 100 }),
  };
}

function createManager(store: SessionStore): SessionManager {
  return new SessionManager({
    createModel: () => createChargeModel({ host: 'bench' }),
    store,
    hostId: 'bench',
    tools: [createChargeTool({ host: 'bench' })],
  });
}
