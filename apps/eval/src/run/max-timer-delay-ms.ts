/** The longest delay a Node.js timer can wait, in milliseconds (2^31 − 1); a longer one fires after 1 ms. */
export const maxTimerDelayMs = 2_147_483_647;

/** Whether `value` is a deadline a timer can keep: a whole number of milliseconds from 1 to `maxTimerDelayMs`. */
export function isTimerDelay(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= maxTimerDelayMs;
}

/** What a deadline must be, for messages. */
export const timerDelayRule = `a whole number of milliseconds from 1 to ${maxTimerDelayMs} (about 24.8 days: Node.js timers wait no longer)`;
