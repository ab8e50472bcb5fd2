import { z } from 'zod';

import { maxTimerDelayMs } from '../run/max-timer-delay-ms.js';

export { maxTimerDelayMs } from '../run/max-timer-delay-ms.js';

const tooLong = (limit: string) =>
  `At most ${limit} (about 24.8 days): Node.js timers wait no longer, and a longer delay would fire at once.`;

/** A deadline in milliseconds: a whole number from 1 to the longest delay a timer can wait. */
export const timeoutMsSchema = z
  .int()
  .positive()
  .max(maxTimerDelayMs, tooLong(`${maxTimerDelayMs} ms`));

/** A wait in milliseconds: a whole number from 0 to the longest delay a timer can wait. */
export const delayMsSchema = z
  .int()
  .nonnegative()
  .max(maxTimerDelayMs, tooLong(`${maxTimerDelayMs} ms`));

/** A wait in seconds, fractions allowed, that a client turns into a timer. */
export const delaySecondsSchema = z
  .number()
  .nonnegative()
  .max(maxTimerDelayMs / 1000, tooLong(`${maxTimerDelayMs / 1000} seconds`));
