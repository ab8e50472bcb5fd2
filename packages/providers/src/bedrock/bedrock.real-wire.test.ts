import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeLlm, type LlmStep } from '@toolloop/fake-llm';
import { ModelError } from '@toolloop/core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { collectStream, createModelRequest } from '../../test/support/collect-stream.js';
import { bedrock } from './bedrock.js';

const fixtures = join(import.meta.dirname, '../../test/fixtures/bedrock');
const scratch = mkdtempSync(join(tmpdir(), 'toolloop-bedrock-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/**
 * Streams one step through the served fake (a recording replayed byte for byte in the AWS event-stream
 * encoding), the AWS SDK's decoder and the provider.
 */
async function streamStep(step: LlmStep) {
  const fake = createFakeLlm({ steps: [step] });
  close = () => fake.close();
  const { url } = await fake.serve();
  const model = bedrock({
    model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDFAKEEXAMPLE', secretAccessKey: 'fake-secret-access-key' },
    endpoint: url,
    maxAttempts: 1,
  });
  return collectStream({ model, request: createModelRequest() });
}

describe('recorded ConverseStream events through the AWS SDK', () => {
  it('yields the reasoning with its signature, the text and the finish of the recording', async () => {
    const { parts, error } = await streamStep({
      replay: join(fixtures, 'amazon-bedrock-reasoning.chunks.jsonl'),
    });
    expect(error).toBeUndefined();
    const whole = parts.filter((part) => part.type !== 'text-delta' && part.type !== 'thinking-delta');
    expect(whole.map((part) => part.type)).toEqual(['thinking', 'text', 'finish']);
    expect(whole[0]).toMatchObject({
      providerData: { signature: expect.stringMatching(/^Ep0CCkgICxAB.*=$/u) as unknown },
    });
    expect(whole[2]).toMatchObject({ finishReason: 'end', usage: { inputTokens: 51, outputTokens: 94 } });
  });

  it('turns a modelStreamErrorException mid-stream into a retryable ModelError', async () => {
    const path = join(scratch, 'stream-error.chunks.jsonl');
    const lines = [
      { messageStart: { role: 'assistant' } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'Let' } } },
      { modelStreamErrorException: { message: 'The model stream failed.', originalStatusCode: 500 } },
    ];
    writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n'));
    const { parts, error } = await streamStep({ replay: path });
    expect(parts).toEqual([{ type: 'text-delta', text: 'Let' }]);
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ errorType: 'ModelStreamErrorException', retryable: true });
  });
});
