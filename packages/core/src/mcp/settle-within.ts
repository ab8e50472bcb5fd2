/**
 * Waits for `promise` to settle, but at most `timeoutMs`: true when it settled in time. Its rejection is
 * swallowed (the caller gives up on it either way), and the timer is cleared, so nothing is left waiting.
 */
export async function settleWithin(promise: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      resolve(false);
    }, timeoutMs);
  });
  try {
    return await Promise.race([promise.then(isSettled, isSettled), expired]);
  } finally {
    clearTimeout(timer);
  }
}

const isSettled = () => true;
