import { describe, expect, it } from 'vitest';
import { collectStream, createModelRequest } from '../../test/support/collect-stream.js';
import { ollama } from './ollama.js';

/** A model answered with these NDJSON objects, as Ollama's server streams them. */
function answeredWith(objects: readonly unknown[]) {
  const text = objects.map((object) => `${JSON.stringify(object)}\n`).join('');
  const fetch: typeof globalThis.fetch = () =>
    Promise.resolve(new Response(text, { headers: { 'content-type': 'application/x-ndjson' } }));
  return ollama({ model: 'llama3.2', host: 'http://ollama.test:11434', fetch });
}

describe('parseOllamaStream', () => {
  it('reads an answer of 200,000 tool calls in one object, each a call', async () => {
    const calls = Array.from({ length: 200_000 }, (_unused, index) => ({
      function: { name: 'echo', arguments: { n: index } },
    }));
    const model = answeredWith([
      { model: 'llama3.2', message: { role: 'assistant', content: '', tool_calls: calls } },
      { model: 'llama3.2', message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' },
    ]);
    const { parts, error } = await collectStream({ model, request: createModelRequest() });
    expect(error).toBeUndefined();
    const toolCalls = parts.filter((part) => part.type === 'tool-call');
    expect(toolCalls).toHaveLength(200_000);
    expect(toolCalls.at(-1)).toMatchObject({ name: 'echo', input: { n: 199_999 } });
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool_calls' });
  });
});
