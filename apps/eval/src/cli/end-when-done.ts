import { ChildProcess } from 'node:child_process';

/** What keeps a process alive, as `process.getActiveResourcesInfo()` names it, in a message's words. */
const resourceNames: Readonly<Record<string, [one: string, many: string]>> = {
  Timeout: ['timer', 'timers'],
  TCPSocketWrap: ['socket', 'sockets'],
  TCPServerWrap: ['server', 'servers'],
  ProcessWrap: ['child process', 'child processes'],
  PipeWrap: ['pipe', 'pipes'],
  PipeServerWrap: ['pipe server', 'pipe servers'],
  UDPWrap: ['UDP socket', 'UDP sockets'],
  FSEventWrap: ['file watcher', 'file watchers'],
  StatWatcher: ['file watcher', 'file watchers'],
  FSReqCallback: ['file operation', 'file operations'],
  FileHandle: ['open file', 'open files'],
};

/** Writes in flight: output still flowing out, which ends by itself. */
const outputRequests = new Set(['WriteWrap', 'SimpleWriteWrap', 'ShutdownWrap']);

/** How long what is still running after the report may take to end on its own. */
const graceMs = 1_000;

/**
 * Ends the process once a command is done if something it started still keeps it alive a second later (a timer
 * a tool never cleared, a server a scenario did not close), saying what: the report is written, and a CI job
 * must not wait for what was left behind. A process that nothing holds ends on its own, and this says nothing.
 * It returns at once: what it waits for holds nothing, so a top-level `await` of the bin settles (Node ends a
 * process whose top-level await waits on nothing with exit code 13).
 */
export function endWhenDone({
  exitCode,
  stderr,
  leftoversOff,
}: {
  exitCode: number;
  stderr: (text: string) => void;
  /** Whether the command line turned the leftover check off (`--leftovers off`): the message then says how to name who left it. */
  leftoversOff: boolean;
}): void {
  // What is about to end (a timer due soon, output still flowing into a pipe) gets a second. This timer holds
  // nothing: once the rest lets go, the process ends without it.
  setTimeout(() => {
    const left = describeRunning();
    if (left === undefined) return;
    stderr(
      `toolloop-eval: the report is written, but something the run started still runs (${left}); the process ends here, with any child process of its.${leftoversOff ? ' Run again without --leftovers off to name the scenario that left it.' : ''}\n`,
    );
    endChildProcesses();
    endOnceWritten(exitCode);
  }, graceMs).unref();
}

/**
 * Kills the child processes this process still has (a server whose close was still under way, a process a
 * tool started), each with its process group when it leads one (MCP servers run in groups of their own): a
 * process must not outlive the run that started it, nor hold a pipe the run's output goes through.
 */
function endChildProcesses(): void {
  const handles = (process as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.() ?? [];
  for (const handle of handles) {
    if (!(handle instanceof ChildProcess) || handle.pid === undefined) continue;
    for (const target of [-handle.pid, handle.pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // Not a group leader, or gone already.
      }
    }
  }
}

/**
 * Exits once what was written to stdout and stderr has gone out (a pipe takes it in its own time on some
 * platforms and Node versions), or after another second if a reader never takes it.
 */
function endOnceWritten(exitCode: number): void {
  const exit = () => process.exit(exitCode);
  setTimeout(exit, graceMs);
  process.stdout.write('', () => {
    process.stderr.write('', exit);
  });
}

/** `1 timer, 2 child processes`: what keeps the process alive besides its own standard streams; none: undefined. */
function describeRunning(): string | undefined {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  for (const kind of standardStreamKinds()) counts.set(kind, (counts.get(kind) ?? 1) - 1);
  const parts = [...counts].flatMap(([kind, count]) => {
    // Output on its way into a pipe is the command's report, not something the run left behind.
    if (count <= 0 || outputRequests.has(kind)) return [];
    const [one, many] = resourceNames[kind] ?? [kind, kind];
    return [`${count} ${count === 1 ? one : many}`];
  });
  return parts.length === 0 ? undefined : parts.join(', ');
}

/**
 * The resource kinds of the process's open standard streams (`PipeWrap`, `TTYWrap`), found among its active
 * handles by their file descriptors: asking for `process.stdin` would open it.
 */
function standardStreamKinds(): string[] {
  const handles = (process as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.() ?? [];
  return handles.flatMap((handle) => {
    const stream = handle as { fd?: unknown; _handle?: { fd?: unknown; constructor?: { name?: string } } };
    const fd = stream.fd ?? stream._handle?.fd;
    const name = stream._handle?.constructor?.name;
    return typeof fd === 'number' && fd <= 2 && name !== undefined ? [`${name}Wrap`] : [];
  });
}

/** Whether a command line turns the leftover check off: `--leftovers off` or `--leftovers=off`. */
export function isLeftoverCheckOff(argv: readonly string[]): boolean {
  return argv.some(
    (argument, index) =>
      argument === '--leftovers=off' || (argument === '--leftovers' && argv[index + 1] === 'off'),
  );
}
