/** Whether a process with this id is running (one of another user counts: it is there, only not ours to signal). */
export function isProcessRunning(pid: number): boolean {
  try {
    // Signal 0 is sent to no one: it only asks whether the process is there.
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
