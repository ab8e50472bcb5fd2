// Sessions in Postgres: the store for hosts on several machines
export { createPostgresSessionStore } from './create-postgres-session-store.js';
export type { PostgresSessionStore, PostgresSessionStoreOptions } from './create-postgres-session-store.js';
export type { PostgresPool, PostgresPoolClient, PostgresQueryable } from './postgres-pool.js';
