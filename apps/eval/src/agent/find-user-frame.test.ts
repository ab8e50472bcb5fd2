import { describe, expect, it } from 'vitest';
import { findUserFrame } from './find-user-frame.js';

function errorWithStack(...frames: string[]): Error {
  const error = new Error('boom');
  error.stack = ['Error: boom', ...frames.map((frame) => `    at ${frame}`)].join('\n');
  return error;
}

describe('findUserFrame', () => {
  it("skips Node.js internals, dependencies and the runner's own code for the user's frame", () => {
    const error = errorWithStack(
      'JSON.parse (<anonymous>)',
      'Object.fetch (node:internal/deps/undici/undici:13502:13)',
      'request (/app/node_modules/undici/lib/index.js:10:3)',
      `runTurn (${new URL('../run/create-loop-turn-runner.ts', import.meta.url).pathname}:40:9)`,
      'execute (/app/src/tools/refund.ts:27:11)',
      '/app/src/agent.ts:3:1',
    );

    expect(findUserFrame(error)).toEqual({ file: '/app/src/tools/refund.ts', line: 27 });
  });

  it('reads file URLs and anonymous frames', () => {
    expect(findUserFrame(errorWithStack('file:///app/src/agent.ts:12:5'))).toEqual({
      file: '/app/src/agent.ts',
      line: 12,
    });
  });

  it('is undefined when no frame is the user’s, or there is no stack', () => {
    expect(findUserFrame(errorWithStack('f (/app/node_modules/jiti/dist/jiti.cjs:1:9)'))).toBeUndefined();
    expect(findUserFrame('a string')).toBeUndefined();
  });
});
