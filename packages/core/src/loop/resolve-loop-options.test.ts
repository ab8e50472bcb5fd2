import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Message } from '../model/messages.js';
import type { ModelPrice } from './tool-loop-options.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';

const model = createScriptedModel({ text: 'ok' });

describe('option checks', () => {
  it.each([
    [{ maxIterations: 0 }, "Invalid option 'maxIterations': expected an integer of at least 1, got 0."],
    [{ maxRounds: 1.5 }, "Invalid option 'maxRounds': expected an integer of at least 1, got 1.5."],
    [
      { prices: { m: 5 as unknown as ModelPrice } },
      "Invalid option 'prices.m': expected { inputPerMillion, outputPerMillion } (and cacheReadPerMillion, cacheWritePerMillion if they differ from the input price), got 5.",
    ],
    [
      { prices: { m: { inputPerMillion: 3 } as ModelPrice } },
      "Invalid option 'prices.m.outputPerMillion': expected a price of zero or more, got undefined.",
    ],
    [
      { maxToolCalls: -1 },
      "Invalid option 'maxToolCalls.perMessage': expected an integer of at least 0, got -1.",
    ],
    [
      { maxToolCalls: { perSession: -2 } },
      "Invalid option 'maxToolCalls.perSession': expected an integer of at least 0, got -2.",
    ],
    [
      { timeoutMs: 0 },
      "Invalid option 'timeoutMs': expected milliseconds above 0 and at most 2147483647 (or Infinity), got 0.",
    ],
    [
      { toolTimeoutMs: 3_000_000_000 },
      "Invalid option 'toolTimeoutMs': expected milliseconds above 0 and at most 2147483647 (or Infinity), got 3000000000.",
    ],
    [
      { unknownTool: 'ignore' as 'stop' },
      "Invalid option 'unknownTool': expected one of 'feedback', 'stop', got 'ignore'.",
    ],
    [
      { thinking: { budgetTokens: 0 } },
      "Invalid option 'thinking.budgetTokens': expected an integer of at least 1 (it is sent to the model), got 0.",
    ],
  ])('rejects %j at once', (options, message) => {
    expect(() => runToolLoop({ model, prompt: 'Q', ...options })).toThrow(InvalidArgumentError);
    expect(() => runToolLoop({ model, prompt: 'Q', ...options })).toThrow(message);
  });

  it('needs a prompt or messages', () => {
    expect(() => runToolLoop({ model })).toThrow(
      "Invalid option 'messages': pass `prompt` or at least one message.",
    );
  });

  it('refuses messages that end with tool calls without results, unless a prompt follows them', async () => {
    const messages: Message[] = [
      { role: 'user', content: 'Delete note 3.' },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', id: 'call-1', name: 'delete_note', input: { id: '3' } },
          { type: 'tool-call', id: 'call-2', name: 'delete_note', input: { id: '4' } },
        ],
      },
    ];
    expect(() => runToolLoop({ model, messages })).toThrow(
      "Invalid option 'messages': the last message holds tool calls without results (call-1, call-2); answer them in a tool message, or continue a paused turn with `resume`.",
    );
    await expect(runToolLoop({ model, messages, prompt: 'Go on.' }).result).resolves.toMatchObject({
      stopReason: 'completed',
    });
  });

  it('needs a model', () => {
    expect(() => runToolLoop({ model: {} as never, prompt: 'Q' })).toThrow(
      "Invalid option 'model': expected a Model with a stream() method.",
    );
  });

  it('maps the thinking shorthands onto thinking settings for the provider', async () => {
    const thinkingModel = createScriptedModel({ text: 'ok' });
    await runToolLoop({ model: thinkingModel, prompt: 'Q', thinking: true }).result;
    await runToolLoop({ model: thinkingModel, prompt: 'Q', thinking: { budgetTokens: 2048 } }).result;
    await runToolLoop({ model: thinkingModel, prompt: 'Q', thinking: { effort: 'high' } }).result;
    await runToolLoop({ model: thinkingModel, prompt: 'Q', thinking: false }).result;

    expect(thinkingModel.requests.map((request) => request.thinking)).toEqual([
      { enabled: true },
      { enabled: true, budgetTokens: 2048 },
      { enabled: true, effort: 'high' },
      { enabled: false },
    ]);
  });
});
