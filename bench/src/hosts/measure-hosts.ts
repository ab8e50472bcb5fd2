import { startPostgresServer } from '@toolloop/test-postgres';
import { measureStoreLatency, type StoreLatencyResult } from './measure-store-latency.js';
import { runHostsUnderLoad, type HostsUnderLoadResult } from './run-hosts-under-load.js';

/** What the hosts benchmark measured: the turn latency a store adds, and hosts killed under load. */
export interface HostsResult {
  storeLatency: StoreLatencyResult;
  underLoad: HostsUnderLoadResult;
}

/**
 * The hosts benchmark, on a real PostgreSQL server started for it (`@toolloop/test-postgres`) and stopped after:
 * first the turn latency of the Postgres store against the memory store in one process
 * (`measureStoreLatency`), then host processes killed and started again under load (`runHostsUnderLoad`), which
 * fails when an invariant breaks.
 */
export async function measureHosts({
  latency,
  load,
}: {
  latency: { warmupRuns: number; runs: number };
  load: { hosts: number; sessions: number; durationSeconds: number; killEverySeconds: number };
}): Promise<HostsResult> {
  const server = await startPostgresServer();
  try {
    const connectionString = await server.createDatabase();
    const storeLatency = await measureStoreLatency({ connectionString, ...latency });
    const underLoad = await runHostsUnderLoad({ connectionString, ...load });
    return { storeLatency, underLoad };
  } finally {
    await server.stop();
  }
}
