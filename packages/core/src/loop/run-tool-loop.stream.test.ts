import { describe, expect, it } from 'vitest';
import { ModelError } from '../errors/model-error.js';
import { TurnTimeoutError } from '../errors/turn-timeout-error.js';
import type { Model, ModelStreamPart } from '../model/model.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import type { LoopEvent } from './loop-event.js';
import { runToolLoop } from './run-tool-loop.js';

const finish: ModelStreamPart = {
  type: 'finish',
  finishReason: 'end',
  usage: { inputTokens: 1, outputTokens: 1 },
};

/** What the loop did with a model's stream iterator: how often it asked for a part, and whether it closed it. */
interface IteratorLog {
  nextCalls: number;
  returnCalls: number;
}

/**
 * A model whose stream is a hand-made iterator: `next` answers from `answer` (by call number), and `return`
 * is recorded, then behaves as `onReturn` says.
 */
function createIteratorModel({
  answer,
  onReturn = () => Promise.resolve({ done: true, value: undefined }),
}: {
  answer: (call: number, signal: AbortSignal) => Promise<IteratorResult<ModelStreamPart>>;
  onReturn?: () => Promise<IteratorResult<ModelStreamPart>>;
}): Model & { log: IteratorLog } {
  const log: IteratorLog = { nextCalls: 0, returnCalls: 0 };
  return {
    provider: 'custom',
    modelId: 'iterator',
    log,
    stream: (request) => ({
      [Symbol.asyncIterator]: () => ({
        next: () => answer(log.nextCalls++, request.signal),
        return: () => {
          log.returnCalls += 1;
          return onReturn();
        },
      }),
    }),
  };
}

function partsOnce(parts: ModelStreamPart[]) {
  return (call: number): Promise<IteratorResult<ModelStreamPart>> => {
    const part = parts[call];
    return Promise.resolve(
      part === undefined ? { done: true, value: undefined } : { done: false, value: part },
    );
  };
}

const statusMessages = (events: LoopEvent[]) =>
  events.flatMap((event) => (event.type === 'status' ? [event.message] : []));

describe("the model stream's iterator", () => {
  it('is read to its end and not closed when the stream finishes', async () => {
    const model = createIteratorModel({ answer: partsOnce([{ type: 'text-delta', text: 'Hi.' }, finish]) });
    const result = await runToolLoop({ model, prompt: 'Q' }).result;

    expect(result.stopReason).toBe('completed');
    expect(model.log).toEqual({ nextCalls: 3, returnCalls: 0 });
  });

  it('is closed with return() when the stream sends a malformed part', async () => {
    const model = createIteratorModel({
      answer: partsOnce([{ type: 'text-delta' } as unknown as ModelStreamPart, finish]),
    });
    const result = await runToolLoop({ model, prompt: 'Q' }).result;

    expect(result.stopReason).toBe('model_error');
    expect(result.error?.message).toBe("The custom model iterator sent a 'text-delta' part without text.");
    expect(model.log.returnCalls).toBe(1);
  });

  it('is closed with return() when the turn times out while it waits for a part', async () => {
    const model = createIteratorModel({ answer: () => new Promise(() => undefined) });
    const result = await runToolLoop({ model, prompt: 'Q', timeoutMs: 50 }).result;

    expect(result.stopReason).toBe('timeout');
    expect(model.log.returnCalls).toBe(1);
  });

  it('a return() that rejects or throws does not change how the turn ends', async () => {
    const rejecting = createIteratorModel({
      answer: () => Promise.reject(new Error('connection reset')),
      onReturn: () => Promise.reject(new Error('already closed')),
    });
    const throwing = createIteratorModel({
      answer: () => Promise.reject(new Error('connection reset')),
      onReturn: () => {
        throw new Error('already closed');
      },
    });

    for (const model of [rejecting, throwing]) {
      const result = await runToolLoop({ model, prompt: 'Q' }).result;
      expect(result.stopReason).toBe('model_error');
      expect(result.error?.message).toBe('The custom model iterator failed: connection reset');
      expect(model.log.returnCalls).toBe(1);
    }
  });
});

describe('what a model streams becomes events', () => {
  it('"Formulating response..." shows once per response, however many deltas its text has', async () => {
    const model = createScriptedModel([
      { text: 'Let me look.', toolCalls: [{ name: 'lookup', input: {} }], chunkSize: 3 },
      { text: 'Found it.', chunkSize: 3 },
    ]);
    const lookup = defineTool({ name: 'lookup', inputSchema: { type: 'object' }, execute: () => 'ok' });
    const { events } = await collectRun(runToolLoop({ model, tools: [lookup], prompt: 'Q' }));

    expect(statusMessages(events)).toEqual([
      'Analyzing request...',
      'Formulating response...',
      'Using Lookup...',
      'Processing tool results...',
      'Formulating response...',
    ]);
    expect(events.filter((event) => event.type === 'content')).toHaveLength(7);
  });

  it('a whole block after its deltas is not shown twice; an empty whole block is not shown at all', async () => {
    const model = createScriptedModel({
      parts: [
        { type: 'thinking', text: '' },
        { type: 'text', text: '' },
        { type: 'thinking-delta', text: 'Hmm.' },
        { type: 'thinking', text: 'Hmm.' },
        { type: 'text-delta', text: 'Yes.' },
        { type: 'text', text: 'Yes.' },
        { type: 'thinking', text: 'Again.' },
        { type: 'text', text: ' Sure.' },
        finish,
      ],
    });
    const { events, result } = await collectRun(runToolLoop({ model, prompt: 'Q', statusMessages: 'off' }));

    expect(events.filter((event) => event.type === 'thinking' || event.type === 'content')).toEqual([
      { type: 'thinking', text: 'Hmm.' },
      { type: 'content', text: 'Yes.' },
      { type: 'thinking', text: 'Again.' },
      { type: 'content', text: ' Sure.' },
    ]);
    expect(result.text).toBe('Yes. Sure.');
  });

  it('an empty delta shows nothing: no event, no "Formulating response...", and the whole block after it still shows', async () => {
    const model = createScriptedModel({
      parts: [
        { type: 'thinking-delta', text: '' },
        { type: 'text-delta', text: '' },
        { type: 'thinking', text: 'Hmm.' },
        { type: 'text', text: 'Yes.' },
        finish,
      ],
    });
    const { events, result } = await collectRun(runToolLoop({ model, prompt: 'Q' }));

    expect(events.filter((event) => event.type !== 'done')).toEqual([
      { type: 'status', message: 'Analyzing request...' },
      { type: 'thinking', text: 'Hmm.' },
      { type: 'content', text: 'Yes.' },
    ]);
    expect(result.text).toBe('Yes.');
  });

  it("a provider's warning part is a warning event", async () => {
    const model = createScriptedModel({
      parts: [{ type: 'warning', code: 'thinking_unsupported', message: 'No thinking here.' }, finish],
    });
    const { events } = await collectRun(runToolLoop({ model, prompt: 'Q' }));

    expect(events).toContainEqual({
      type: 'warning',
      code: 'thinking_unsupported',
      message: 'No thinking here.',
    });
  });
});

describe('a model stream that fails', () => {
  it('cut off before its finish part is a retryable ModelError', async () => {
    const model = createScriptedModel({ parts: [{ type: 'text-delta', text: 'Half' }] });
    const result = await runToolLoop({ model, prompt: 'Q' }).result;

    expect(ModelError.isInstance(result.error)).toBe(true);
    expect((result.error as ModelError).retryable).toBe(true);
    expect((result.error as ModelError).provider).toBe('scripted');
  });

  it('a ModelError the provider throws reaches the result as it is; another error is wrapped, with its cause', async () => {
    const own = new ModelError({ message: 'Overloaded', provider: 'scripted', retryable: true });
    const plain = new Error('socket hang up');
    const ownResult = await runToolLoop({ model: createScriptedModel({ error: own }), prompt: 'Q' }).result;
    const plainResult = await runToolLoop({ model: createScriptedModel({ error: plain }), prompt: 'Q' })
      .result;

    expect(ownResult.error).toBe(own);
    expect(plainResult.error).toMatchObject({
      message: 'The scripted model scripted-model failed: socket hang up',
      retryable: false,
      provider: 'scripted',
      cause: plain,
    });
  });

  it('a timeout is the TurnTimeoutError, not a model error, in the result and the error event', async () => {
    const model = createScriptedModel({ hang: true });
    const { events, result } = await collectRun(runToolLoop({ model, prompt: 'Q', timeoutMs: 30 }));

    expect(result.stopReason).toBe('timeout');
    expect(TurnTimeoutError.isInstance(result.error)).toBe(true);
    expect(result.error?.message).toBe('The turn did not finish within 30 ms.');
    expect(events).toContainEqual({
      type: 'error',
      code: 'timeout',
      message: 'Stopped: the turn took longer than 30 ms',
    });
  });

  it('a model whose names cannot be read is still named in the error', async () => {
    const model = {
      get provider(): string {
        throw new Error('no provider');
      },
      modelId: 'x',
      stream: () => {
        throw new Error('boom');
      },
    } as Model;
    const result = await runToolLoop({ model, prompt: 'Q' }).result;

    expect(result.error?.message).toBe('The unnamed model (unnamed) failed: boom');
  });
});
