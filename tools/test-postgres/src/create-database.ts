import { randomBytes } from 'node:crypto';
import pg from 'pg';

const databaseName = /^[a-z_][a-z0-9_]{0,62}$/u;

/**
 * Creates an empty database on the server of `connectionString` (as its superuser) and returns the connection
 * string of the new database. The name is `test_<random hex>` unless given: lower-case letters, digits and `_`,
 * not starting with a digit, at most 63 characters.
 */
export async function createDatabase(
  connectionString: string,
  name = `test_${randomBytes(8).toString('hex')}`,
): Promise<string> {
  if (!databaseName.test(name)) {
    throw new Error(
      `Invalid database name ${JSON.stringify(name)}: use lower-case letters, digits and _, not starting with a digit, at most 63 characters.`,
    );
  }
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(connectionString);
  url.pathname = `/${name}`;
  return url.toString();
}
