import { open, readFile, rename, rm } from 'node:fs/promises';
import { z } from 'zod';
import { currentLockHolder, isLeaseHolderGone, type LockHolder } from './lock-holder.js';
import type { StoredLease } from './session-lease.js';

/** The lease file of session file `<id>.json`: `.<id>.lease` beside it. */
export function leaseFileName(id: string): string {
  return `.${id}.lease`;
}

const leaseSchema = z.object({
  owner: z.string().min(1),
  expiresAt: z.iso.datetime(),
  /** The process that took the lease, as a lock records its holder. */
  process: z
    .object({
      pid: z.number().int().positive(),
      hostname: z.string(),
      linux: z.object({ bootId: z.string(), pidNamespace: z.string(), startTime: z.string() }).optional(),
    })
    .optional(),
});

/**
 * The lease that holds the session: the one its file records, unless the process that took it is gone (a host
 * of this machine that died holds nothing, however long its lease had to run). `undefined` when there is none,
 * or the file is damaged (a host that crashed while writing it). Read and written only under the session's lock.
 */
export async function readLiveLease(path: string): Promise<StoredLease | undefined> {
  const lease = await readLeaseFile(path);
  if (lease?.process !== undefined && (await isLeaseHolderGone(lease.process))) return undefined;
  return lease;
}

/** The lease its file records, whether or not its process runs. */
async function readLeaseFile(path: string): Promise<(StoredLease & { process?: LockHolder }) | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = leaseSchema.safeParse(parseOrUndefined(text));
  if (!parsed.success) return undefined;
  const { owner, expiresAt, process } = parsed.data;
  return { owner, expiresAt: Date.parse(expiresAt), ...(process === undefined ? {} : { process }) };
}

/**
 * Records the lease, and this process as the one that took it (readable by the host's user only), through
 * `temporaryPath` (a name the store's clean-up after a crash knows).
 */
export async function writeLeaseFile({
  path,
  temporaryPath,
  lease,
}: {
  path: string;
  temporaryPath: string;
  lease: StoredLease;
}): Promise<void> {
  const record = {
    owner: lease.owner,
    expiresAt: new Date(lease.expiresAt).toISOString(),
    process: await currentLockHolder(),
  };
  // Written beside it and renamed over it: a write that fails (a full disk) leaves the lease as it was, not empty.
  try {
    const handle = await open(temporaryPath, 'w', 0o600);
    try {
      await handle.writeFile(JSON.stringify(record));
    } finally {
      await handle.close();
    }
    await rename(temporaryPath, path);
  } catch (error) {
    await rm(temporaryPath, { force: true });
    throw error;
  }
}

/** Removes the lease file; one that is gone is not an error. */
export async function removeLeaseFile(path: string): Promise<void> {
  await rm(path, { force: true });
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
