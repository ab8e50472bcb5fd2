import { defineTool, runToolLoop } from '@toolloop/core';
import { createFakeLlm, type FakeLlm } from '@toolloop/fake-llm';
import { wireModel, wireModels } from './support/wire-models.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

const echo = defineTool({
  name: 'echo',
  description: 'Says the round back.',
  inputSchema: z.object({ round: z.number() }),
  execute: ({ round }) => `round ${round}`,
});

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('a long turn', () => {
  it.each(Object.keys(wireModels))(
    '%s: 15 requests on one turn signal leave no listener behind on it (no MaxListenersExceededWarning)',
    async (wire) => {
      const rounds = 14;
      fake = createFakeLlm({
        steps: [
          ...Array.from({ length: rounds }, (_, round) => ({
            toolCalls: [{ name: 'echo', input: { round } }],
          })),
          { text: 'Done.' },
        ],
      });
      const { url } = await fake.serve();
      const model = wireModel(wire, url);
      const warnings: string[] = [];
      // Only leaks: the AWS SDK also warns, once, that its releases from 2027 need Node 22.
      const onWarning = (warning: Error) => {
        if (warning.name === 'MaxListenersExceededWarning') warnings.push(warning.message);
      };
      process.on('warning', onWarning);
      try {
        const result = await runToolLoop({
          model,
          tools: [echo],
          prompt: 'Echo each round.',
          maxIterations: rounds + 1,
          statusMessages: 'off',
        }).result;
        expect(result).toMatchObject({ stopReason: 'completed', rounds });
        // Warnings are emitted on the next tick.
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off('warning', onWarning);
      }
      expect(warnings).toEqual([]);
    },
  );
});
