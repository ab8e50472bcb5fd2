import { describe, expect, it } from 'vitest';
import type { ModelRequest, ModelStreamPart } from '../model/model.js';
import { createScriptedModel } from './scripted-model.js';

async function drain(stream: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

const request = (text: string): ModelRequest => ({
  messages: [{ role: 'user', content: text }],
  tools: [],
  signal: new AbortController().signal,
});

describe('createScriptedModel', () => {
  it('streams a scripted response as deltas, whole blocks and a finish part', async () => {
    const model = createScriptedModel({
      thinking: 'hm',
      text: 'Hi',
      toolCalls: [{ name: 'x', input: { a: 1 } }],
    });

    expect(await drain(model.stream(request('q')))).toEqual([
      { type: 'thinking-delta', text: 'hm' },
      { type: 'thinking', text: 'hm', providerData: { signature: 'scripted-signature-1' } },
      { type: 'text-delta', text: 'Hi' },
      { type: 'text', text: 'Hi' },
      { type: 'tool-call', id: 'call_1_1', name: 'x', input: { a: 1 } },
      { type: 'finish', finishReason: 'tool_calls', usage: { inputTokens: 10, outputTokens: 5 } },
    ]);
  });

  it('answers a list in order and records every request without its signal', async () => {
    const model = createScriptedModel([{ text: 'one' }, { text: 'two' }]);
    await drain(model.stream(request('first')));
    const second = await drain(model.stream(request('second')));

    expect(second).toContainEqual({ type: 'text', text: 'two' });
    expect(model.requests).toEqual([
      { messages: [{ role: 'user', content: 'first' }], tools: [] },
      { messages: [{ role: 'user', content: 'second' }], tools: [] },
    ]);
  });

  it('fails loudly, naming the request, when a list runs out', async () => {
    const model = createScriptedModel([{ text: 'one' }], { modelId: 'course-bot' });
    await drain(model.stream(request('first')));

    await expect(drain(model.stream(request('second')))).rejects.toThrow(
      "Scripted model 'course-bot' received request #2, but its script has only 1 response.",
    );
  });

  it('answers from a function of the request', async () => {
    const model = createScriptedModel((incoming, index) => ({
      text: `${index}:${String(incoming.messages.length)}`,
    }));

    expect(await drain(model.stream(request('q')))).toContainEqual({ type: 'text', text: '0:1' });
  });

  it('hangs until aborted, then fails with the abort reason', async () => {
    const controller = new AbortController();
    const model = createScriptedModel({ hang: true });
    const pending = drain(model.stream({ ...request('q'), signal: controller.signal }));
    controller.abort(new Error('stop'));

    await expect(pending).rejects.toThrow('stop');
  });
});
