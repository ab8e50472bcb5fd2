import { describe, expect, it } from 'vitest';
import { parseFakeLlmScript } from './parse-fake-llm-script.js';

describe('parseFakeLlmScript', () => {
  it('accepts a list of steps', () => {
    expect(parseFakeLlmScript([{ text: 'Hi.' }])).toEqual({
      success: true,
      value: { steps: [{ text: 'Hi.' }] },
    });
  });

  it('accepts a named script with every step field', () => {
    const step = {
      thinking: 't',
      redactedThinking: 'r',
      text: 'x',
      toolCalls: [
        { name: 'a', input: { q: [1, null] } },
        { id: 'toolu_1', name: 'b', rawInput: '{"broken' },
      ],
      stopReason: 'max_tokens',
      usage: { inputTokens: 1, outputTokens: 2, cacheReadTokens: 3, cacheWriteTokens: 0 },
      delayMs: 0,
      chunkDelayMs: 5,
      error: { status: 529, type: 'overloaded_error', message: 'Overloaded', retryAfter: 0 },
      truncate: { afterEvents: 3 },
      hang: true,
      replay: 'x.sse',
      expectTools: ['a'],
    };
    expect(parseFakeLlmScript({ name: 'all', steps: [step] })).toEqual({
      success: true,
      value: { name: 'all', steps: [step] },
    });
  });

  it("joins a scenario file's llm steps under its name", () => {
    const scenario = {
      name: 'outline then search',
      provider: 'anthropic',
      turns: [
        { user: 'Q1', llm: [{ text: 'A1' }], expect: { stopReason: 'completed' } },
        { user: 'Q2', llm: [{ text: 'A2' }, { text: 'A3' }] },
      ],
    };
    expect(parseFakeLlmScript(scenario)).toEqual({
      success: true,
      value: { name: 'outline then search', steps: [{ text: 'A1' }, { text: 'A2' }, { text: 'A3' }] },
    });
  });

  it('accepts the chat completions options', () => {
    const script = {
      name: 'ollama xml',
      steps: [{ text: 'x' }],
      dialect: 'ollama',
      toolFormat: 'xml',
      quirks: { toolCallIndexes: 'from-1', usage: 'finish-chunk' },
    };
    expect(parseFakeLlmScript(script)).toEqual({ success: true, value: script });
  });

  it.each([
    ['ollama-openai', { dialect: 'ollama' }],
    ['xml', { toolFormat: 'xml' }],
    ['openai', {}],
    // Ollama's own API has a path of its own, /api/chat: nothing to pick.
    ['ollama', {}],
  ])("reads a scenario's provider %s as %j", (provider, options) => {
    const result = parseFakeLlmScript({ name: 's', provider, turns: [{ llm: [{ text: 'A' }] }] });
    expect(result).toEqual({ success: true, value: { name: 's', steps: [{ text: 'A' }], ...options } });
  });

  it.each([
    [[{ txet: 'typo' }], 'steps[0].txet: unknown field'],
    [{ steps: [{ toolCalls: [{ input: {} }] }] }, 'steps[0].toolCalls[0].name: must be a string'],
    [{ steps: [{ error: { status: 200 } }] }, 'steps[0].error.status: must be from 400 to 599'],
    [{ steps: [{ delayMs: -1 }] }, 'steps[0].delayMs: must be a number, zero or more'],
    [
      { steps: [{ usage: { cacheReadTokens: -1 } }] },
      'steps[0].usage.cacheReadTokens: must be a number, zero or more',
    ],
    [
      { steps: [{ usage: { cacheWriteTokens: '40' } }] },
      'steps[0].usage.cacheWriteTokens: must be a number, zero or more',
    ],
    [
      { steps: [{ usage: { cachedTokens: 40 } }] },
      'steps[0].usage.cachedTokens: unknown field (known: inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens)',
    ],
    [{ steps: [{ toolCalls: [{ name: 'a', input: {}, rawInput: '' }] }] }, 'has both input and rawInput'],
    [
      { steps: [{ text: 'Let me look.', thinkingAfterText: 'The catalog has it.' }] },
      "steps[0].thinkingAfterText: the thinking between an answer's text and its tool calls needs both, and the thinking before the text: add thinking, toolCalls",
    ],
    [{ turns: [{ llm: [{ hang: 'yes' }] }] }, 'turns[0].llm[0].hang: must be true or false'],
    [{ name: 'x' }, 'steps: must be a list'],
    ['text', '(script): must be an object'],
    [{ steps: [], dialect: 'vllm' }, 'dialect: must be one of openai, deepseek, ollama'],
    [{ steps: [], toolFormat: 'json' }, 'toolFormat: must be one of native, xml'],
    [{ steps: [], quirks: { usage: 'never' } }, 'quirks.usage: must be one of trailing-chunk, finish-chunk'],
    [{ steps: [], quirks: { indexes: 'from-1' } }, 'quirks.indexes: unknown field'],
  ])('rejects %j naming the field', (value, error) => {
    const result = parseFakeLlmScript(value);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error).toContain(error);
  });
});

describe("a script's models", () => {
  it('reads the models a script adds, from a script object and from a scenario file', () => {
    const models = [
      { id: 'claude-3-5-haiku-20241022', like: 'claude-haiku-4-5', thinking: 'none', contextWindow: 200_000 },
    ];
    const fromScript = parseFakeLlmScript({ steps: [{ text: 'Hi.' }], models });
    const fromScenario = parseFakeLlmScript({
      name: 'old model',
      models,
      turns: [{ llm: [{ text: 'Hi.' }] }],
    });

    expect(fromScript).toEqual({ success: true, value: { steps: [{ text: 'Hi.' }], models } });
    expect(fromScenario).toMatchObject({ success: true, value: { models } });
  });

  it.each([
    ['contextWindow', [{ id: 'x', contextWindow: -1 }], 'models[0].contextWindow'],
    ['thinking', [{ id: 'x', thinking: 'sometimes' }], 'models[0].thinking'],
    [
      'a like no API serves',
      [{ id: 'x', like: 'claude-haiku-4.5' }],
      "models[0].like: 'claude-haiku-4.5' is no model",
    ],
    ['an id twice', [{ id: 'x' }, { id: 'x' }], "models[1].id: 'x' is listed twice"],
  ])('names the field of a model that is not one: %s', (_what, models, message) => {
    const parsed = parseFakeLlmScript({ steps: [], models });

    expect(parsed.success).toBe(false);
    expect(parsed.success ? '' : parsed.error).toContain(message);
  });
});
