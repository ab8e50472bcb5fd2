/** Yields to the event loop until `condition` holds: waits for an event, never for a fixed time. */
export async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
