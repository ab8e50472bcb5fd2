import { describe, expect, it } from 'vitest';
import { withDeadline } from './with-deadline.js';

describe('withDeadline', () => {
  it('passes the value of work that finishes in time', async () => {
    await expect(withDeadline({ work: Promise.resolve(7), milliseconds: 1000, what: 'work' })).resolves.toBe(
      7,
    );
  });

  it('names what did not finish', async () => {
    await expect(
      withDeadline({ work: new Promise(() => undefined), milliseconds: 1, what: 'the fake LLM going idle' }),
    ).rejects.toThrow('the fake LLM going idle did not finish within 1 ms.');
  });
});
