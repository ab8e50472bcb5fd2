/** Resource kinds that would keep a process alive after an MCP test: child processes and sockets. */
const leftoverKinds = new Set(['ProcessWrap', 'PipeWrap', 'TCPSocketWrap', 'TCPServerWrap']);

/**
 * The child processes, pipes and sockets still open, by kind. libuv frees a closed handle in the close phase of
 * an event loop iteration, which comes after the check phase where `setImmediate` callbacks run; so this looks
 * two iterations later, when every handle closed before the call is gone. No timing involved.
 */
export async function openProcessesAndSockets(): Promise<string[]> {
  for (let iteration = 0; iteration < 2; iteration += 1) {
    await new Promise<void>((resolve) => {
      setImmediate(resolve);
    });
  }
  return process.getActiveResourcesInfo().filter((kind) => leftoverKinds.has(kind));
}
