import { resolve } from 'node:path';

/** The last action on each recording directory in this process, settled either way: what the next one waits for. */
const lastActions = new Map<string, Promise<void>>();

/**
 * Runs `action` once every earlier action of this process on the same recording directory has ended. The runs of
 * one scenario (`--repeat`) then replace its recording one after another, never at once, and the last to come is
 * the one left in place.
 */
export async function withRecordingDirectoryLock<Result>({
  directory,
  action,
}: {
  directory: string;
  action: () => Promise<Result>;
}): Promise<Result> {
  const key = resolve(directory);
  const running = (lastActions.get(key) ?? Promise.resolve()).then(action);
  const settled = running.then(
    () => undefined,
    () => undefined,
  );
  lastActions.set(key, settled);
  try {
    return await running;
  } finally {
    // The map holds only directories that something is waiting on.
    if (lastActions.get(key) === settled) lastActions.delete(key);
  }
}
