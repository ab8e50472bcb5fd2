import { describe, expect, it } from 'vitest';
import { toWorkerExecArgv } from './to-worker-exec-argv.js';

describe('toWorkerExecArgv', () => {
  it("drops what would make a worker run the caller's code (node -e / -p), with the code", () => {
    expect(toWorkerExecArgv(['--input-type=module', '-e', 'runScenarios({ workers: 2 })'])).toEqual([]);
    expect(toWorkerExecArgv(['--eval', 'x', '--print', 'y', '-p', 'z', '--eval=w', '-i'])).toEqual([]);
    expect(toWorkerExecArgv(['--check', '--test', '--watch', '--watch-path=src'])).toEqual([]);
  });

  it("drops a test runner's resolution conditions and the inspector, keeps the rest", () => {
    expect(
      toWorkerExecArgv([
        '--conditions',
        '@toolloop/source',
        '-C',
        'development',
        '--conditions=node',
        '--inspect-brk=9229',
        '--max-old-space-size=300',
        '--require',
        '/preload.cjs',
        '--enable-source-maps',
      ]),
    ).toEqual(['--max-old-space-size=300', '--require', '/preload.cjs', '--enable-source-maps']);
  });
});
