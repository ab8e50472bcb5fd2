/**
 * Waits for `work` at most `milliseconds`; past that, rejects with an error naming `what`, so a benchmark that
 * would hang fails loudly and says where. The timer never keeps the process alive.
 */
export async function withDeadline<T>({
  work,
  milliseconds,
  what,
}: {
  work: Promise<T>;
  milliseconds: number;
  what: string;
}): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what} did not finish within ${milliseconds} ms.`));
    }, milliseconds);
    timer.unref();
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
