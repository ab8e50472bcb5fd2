import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pg from 'pg';

/** What a test checks of a running server, found through SQL and its data folder. */
export interface ServerFacts {
  postmasterPid: number;
  runFolder: string;
}

/** The postmaster's pid and the run folder of the server at `connectionString`. */
export async function describeServer(connectionString: string): Promise<ServerFacts> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    const dataFolder = rows[0]!.data_directory;
    const lockFile = await readFile(join(dataFolder, 'postmaster.pid'), 'utf8');
    return { postmasterPid: Number(lockFile.split('\n')[0]), runFolder: dirname(dataFolder) };
  } finally {
    await client.end();
  }
}
