import { createFakeLlm, type FakeLlm } from '@toolloop/fake-llm';
import { wireModel, wireModels } from './support/wire-models.js';
import { afterEach, describe, expect, it, vi } from 'vitest';

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('a stream its consumer stops reading', () => {
  it.each(Object.keys(wireModels))(
    '%s: ends the request, so the server sees its client go away and nothing stays open',
    async (wire) => {
      fake = createFakeLlm({
        steps: [
          {
            text: 'One two three four five six seven eight nine ten.',
            truncate: { afterEvents: 8 },
            hang: true,
          },
        ],
      });
      const { url } = await fake.serve();
      const model = wireModel(wire, url);

      for await (const part of model.stream({
        messages: [{ role: 'user', content: 'Count.' }],
        tools: [],
        signal: new AbortController().signal,
      })) {
        if (part.type === 'text-delta') break;
      }

      await vi.waitFor(() => {
        expect(fake?.streams[0]).toMatchObject({ status: 'aborted', clientAborted: true });
      });
    },
  );
});
