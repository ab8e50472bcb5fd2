import { describe, expect, it } from 'vitest';
import { parseScenarioText } from './load-scenario-file.js';
import { ScenarioFileError } from './scenario-file-error.js';

function withUnknownKeys(count: number): string {
  const keys = Array.from({ length: count }, (_unused, index) => `unknown${index}: ${index}\n`).join('');
  return `name: many keys\nturns: [{ user: Hi, llm: [{ text: Hello }] }]\n${keys}`;
}

/** The fastest of a few validations of `text` (the fastest is the least disturbed by the machine's load). */
function fastestValidation(text: string): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const startedAt = performance.now();
    let issues = 0;
    try {
      parseScenarioText({ text, file: 'many.yaml' });
    } catch (error) {
      if (!ScenarioFileError.isInstance(error)) throw error;
      issues = error.issues.length;
    }
    fastest = Math.min(fastest, performance.now() - startedAt);
    expect(issues).toBeGreaterThan(0);
  }
  return fastest;
}

describe('validation time', () => {
  it('grows linearly with the number of unknown keys (8 times the keys, well under 20 times the time)', () => {
    fastestValidation(withUnknownKeys(500));
    const small = fastestValidation(withUnknownKeys(2_000));
    const large = fastestValidation(withUnknownKeys(16_000));

    // Linear is a ratio of about 8; the quadratic key checks this replaces gave about 64.
    expect(large / small).toBeLessThan(20);
  });
});
