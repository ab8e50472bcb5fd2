export { startPostgresServer } from './start-postgres-server.js';
export type { PostgresServer, PostgresServerOptions } from './start-postgres-server.js';
export { createDatabase } from './create-database.js';
