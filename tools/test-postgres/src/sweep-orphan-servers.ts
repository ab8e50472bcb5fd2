import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { isProcessRunning } from './is-process-running.js';
import { ownerFileName, runFolderPrefix } from './run-folder.js';

/** How long a run folder may have no owner file before it counts as left behind (it is written right away). */
const ownerFileGraceMs = 60_000;

/**
 * Stops and removes the servers that runs which ended without stopping them left behind (a test runner killed
 * where the kernel could not stop its server, see `spawnPostmaster`): the run folders in the OS's temporary folder
 * whose owner no longer runs. A server is signalled only when /proc shows it is the postgres of that folder, so a
 * recycled pid is left alone; a server that cannot be checked stops by itself once its folder is gone (PostgreSQL
 * shuts down when its lock file disappears). Never throws: what cannot be swept is left for a later run.
 */
export async function sweepOrphanServers(log: (line: string) => void = () => {}): Promise<void> {
  const root = tmpdir();
  const names = await readdir(root).catch(() => []);
  for (const name of names.filter((entry) => entry.startsWith(runFolderPrefix))) {
    const folder = join(root, name);
    try {
      if (await isOrphan(folder)) await sweep(folder, log);
    } catch (error) {
      log(`could not sweep ${folder}: ${(error as Error).message}`);
    }
  }
}

async function isOrphan(folder: string): Promise<boolean> {
  const [owner] = await readPids(join(folder, ownerFileName));
  if (owner !== undefined) return !isProcessRunning(owner);
  const { mtimeMs } = await stat(folder);
  return Date.now() - mtimeMs > ownerFileGraceMs;
}

async function sweep(folder: string, log: (line: string) => void): Promise<void> {
  const dataFolder = join(folder, 'data');
  const [fromLockFile] = await readPids(join(dataFolder, 'postmaster.pid'));
  const postmasterPid = fromLockFile ?? (await readPids(join(folder, ownerFileName)))[1];
  if (postmasterPid !== undefined && isProcessRunning(postmasterPid)) {
    const commandLine = await readFile(`/proc/${postmasterPid}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes('postgres') && commandLine.includes(dataFolder)) {
      process.kill(postmasterPid, 'SIGQUIT');
      const deadline = Date.now() + 10_000;
      while (isProcessRunning(postmasterPid) && Date.now() < deadline) await delay(50);
    }
  }
  await rm(folder, { recursive: true, force: true });
  log(`swept ${folder}, left by a run that ended without stopping its server (pid ${postmasterPid ?? '-'})`);
}

async function readPids(file: string): Promise<(number | undefined)[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .slice(0, 2)
    .map((line) => (/^\d+$/u.test(line.trim()) ? Number(line.trim()) : undefined));
}
