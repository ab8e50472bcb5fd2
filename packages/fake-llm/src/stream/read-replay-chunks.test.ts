import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  anthropicFixturesDirectory,
  listAnthropicFixtures,
  listOpenAiCompatibleFixtures,
  openAiCompatibleFixturesDirectory,
  readExpectedChatCompletionsReplay,
  readExpectedReplay,
} from '../../test/fixtures.js';
import { encodeBedrockEvent } from '../bedrock/encode-event-stream-message.js';
import { readReplayChunks } from './read-replay-chunks.js';

describe('readReplayChunks', () => {
  it('finds the recorded fixtures', () => {
    expect(listAnthropicFixtures().length).toBeGreaterThanOrEqual(16);
  });

  it.each(listAnthropicFixtures())(
    'cuts %s into events that join back to the expected bytes',
    async (name) => {
      const chunks = await readReplayChunks({
        path: join(anthropicFixturesDirectory, name),
        framing: 'anthropic',
      });
      expect(Buffer.from(chunks.join(''), 'utf8').equals(readExpectedReplay(name))).toBe(true);
      for (const chunk of chunks) expect(chunk).toMatch(/^event: [a-z_]+\ndata: .*\n\n$/su);
    },
  );

  it('finds the recorded OpenAI-compatible fixtures', () => {
    expect(listOpenAiCompatibleFixtures()).toHaveLength(8);
  });

  it.each(listOpenAiCompatibleFixtures())(
    'frames %s as chat completions events that join back to the expected bytes, [DONE] last',
    async (name) => {
      const chunks = await readReplayChunks({
        path: join(openAiCompatibleFixturesDirectory, name),
        framing: 'chat-completions',
      });
      expect(Buffer.from(chunks.join(''), 'utf8').equals(readExpectedChatCompletionsReplay(name))).toBe(true);
      for (const chunk of chunks.slice(0, -1)) expect(chunk).toMatch(/^data: \{.*\}\n\n$/su);
      expect(chunks.at(-1)).toMatch(/^data: \[DONE\]\n\n?$/u);
    },
  );

  it('cuts a .sse file after each blank line', async () => {
    const chunks = await readReplayChunks({
      path: join(anthropicFixturesDirectory, 'sdk-basic_response.sse'),
      framing: 'anthropic',
    });
    expect(chunks.map((chunk) => chunk.split('\n')[0])).toEqual([
      'event: message_start',
      'event: content_block_start',
      'event: ping',
      'event: content_block_delta',
      'event: content_block_delta',
      'event: content_block_delta',
      'event: content_block_stop',
      'event: message_delta',
      'event: message_stop',
    ]);
  });

  it('refuses a file that is no recording it replays', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'fake-llm-'));
    try {
      const path = join(directory, 'stream.txt');
      await writeFile(path, 'data: {}\n\n');
      await expect(readReplayChunks({ path, framing: 'anthropic' })).rejects.toThrow(
        /replays '\.sse', '\.chunks\.jsonl', '\.ndjson' \(Ollama\) and '\.bin' \(Bedrock\)/u,
      );
    } finally {
      await rm(directory, { recursive: true });
    }
  });

  it('sends an Ollama .ndjson recording line for line, as it was sent', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'fake-llm-'));
    try {
      const path = join(directory, 'model-1.response.ndjson');
      await writeFile(path, '{"message":{"content":"Hi"},"done":false}\n{"done":true}');
      const chunks = await readReplayChunks({ path, framing: 'ollama' });
      expect(chunks).toEqual(['{"message":{"content":"Hi"},"done":false}\n', '{"done":true}']);
      await expect(readReplayChunks({ path, framing: 'anthropic' })).rejects.toThrow(
        /only Ollama's native stream is recorded as NDJSON/u,
      );
    } finally {
      await rm(directory, { recursive: true });
    }
  });

  it('sends a Bedrock .bin recording message by message, byte for byte, and names a cut-off one', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'fake-llm-'));
    try {
      const messages = [
        encodeBedrockEvent('messageStart', { role: 'assistant' }),
        encodeBedrockEvent('messageStop', { stopReason: 'end_turn' }),
      ];
      const path = join(directory, 'model-1.response.bin');
      await writeFile(path, Buffer.concat(messages));
      const chunks = await readReplayChunks({ path, framing: 'bedrock' });
      expect(chunks.map((chunk) => Buffer.from(chunk))).toEqual(
        messages.map((message) => Buffer.from(message)),
      );

      await writeFile(path, Buffer.concat(messages).subarray(0, -3));
      await expect(readReplayChunks({ path, framing: 'bedrock' })).rejects.toThrow(
        /no AWS event stream \(the message at byte \d+ is cut off or malformed\)/u,
      );
      await expect(readReplayChunks({ path, framing: 'gemini' })).rejects.toThrow(
        /only a Converse stream is recorded as bytes/u,
      );
    } finally {
      await rm(directory, { recursive: true });
    }
  });
});
