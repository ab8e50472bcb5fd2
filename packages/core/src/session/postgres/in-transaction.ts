import type { PostgresPool, PostgresQueryable } from './postgres-pool.js';

/**
 * Runs `action` in a transaction on one connection of the pool: committed when it resolves, rolled back when
 * it throws. A connection that cannot even roll back is closed rather than given back to the pool.
 */
export async function inTransaction<RESULT>(
  pool: PostgresPool,
  action: (client: PostgresQueryable) => Promise<RESULT>,
): Promise<RESULT> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await action(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
