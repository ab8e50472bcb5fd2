import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

const fixtures = join(import.meta.dirname, 'fixtures');

describe("a scenario file's own text, printed", () => {
  it('validate shows control characters in keys escaped, and a newline in a key cannot start a line of its own', async () => {
    const { stderr, exitCode } = await runCli(fixtures, 'validate', 'escapes/hostile-keys.yaml');

    expect(exitCode).toBe(2);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(stderr.split('\n')).toEqual([
      'Invalid scenario input:',
      `escapes/hostile-keys.yaml:4:5 turns[0]["\\u001b[2Jclears"]: Unknown field '\\u001b[2Jclears'.`,
      `escapes/hostile-keys.yaml:5:5 turns[0]["x\\nscenarios/forged.yaml:1:1 (root)"]: Unknown field 'x\\nscenarios/forged.yaml:1:1 (root)'.`,
      '',
    ]);
  });

  it('list shows a name with control characters escaped', async () => {
    const { stdout } = await runCli(fixtures, 'list', 'escapes/named.yaml');

    expect(stdout).toBe('a name that \\u001b]0;owned\\u0007 retitles\\nthe terminal  escapes/named.yaml\n');
  });
});
