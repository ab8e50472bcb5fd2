import { z } from 'zod';

/** The longest delay a Node.js timer can wait, in milliseconds (2^31 − 1); a longer one fires after 1 ms. */
export const maxTimerDelayMs = 2_147_483_647;

/** Milliseconds a mock waits: a whole number from 0 to the longest delay a Node.js timer can wait. */
export const delayMsSchema = z
  .int()
  .nonnegative()
  .max(
    maxTimerDelayMs,
    `At most ${maxTimerDelayMs} ms (about 24.8 days): Node.js timers wait no longer, and a longer delay would fire at once.`,
  );
