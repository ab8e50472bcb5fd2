import type { ModelRequest } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { buildGeminiRequest } from './build-gemini-request.js';
import { getGeminiCapabilities } from './gemini-capabilities.js';

const tools = [
  { name: 'get_weather', description: 'The weather.', inputSchema: { type: 'object', properties: {} } },
];

function build(request: Partial<Omit<ModelRequest, 'signal'>>, modelId = 'gemini-3-pro-preview') {
  return buildGeminiRequest({
    request: { messages: [{ role: 'user', content: 'Hi' }], tools: [], ...request },
    modelId,
    capabilities: getGeminiCapabilities(modelId),
  });
}

describe('buildGeminiRequest', () => {
  it('sends the system prompt, tools as JSON Schema, a tool choice, the limits and a response schema', () => {
    const { params, warnings } = build({
      system: 'Be brief.',
      tools,
      toolChoice: { type: 'tool', name: 'get_weather' },
      maxTokens: 512,
      stopSequences: ['END'],
      responseFormat: { type: 'json', name: 'answer', schema: { type: 'object' } },
    });
    expect(warnings).toEqual([]);
    expect(params).toEqual({
      model: 'gemini-3-pro-preview',
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      config: {
        systemInstruction: 'Be brief.',
        maxOutputTokens: 512,
        stopSequences: ['END'],
        thinkingConfig: { includeThoughts: true },
        responseMimeType: 'application/json',
        responseJsonSchema: { type: 'object' },
        tools: [
          {
            functionDeclarations: [
              {
                name: 'get_weather',
                description: 'The weather.',
                parametersJsonSchema: { type: 'object', properties: {} },
              },
            ],
          },
        ],
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
      },
    });
  });

  it.each([
    [{ type: 'auto' }, 'AUTO'],
    [{ type: 'required' }, 'ANY'],
    [{ type: 'none' }, 'NONE'],
  ] as const)('maps the tool choice %j to %s', (toolChoice, mode) => {
    expect(build({ tools, toolChoice }).params.config.toolConfig).toEqual({
      functionCallingConfig: { mode },
    });
  });

  it.each([
    [
      'gemini-3-pro-preview',
      { enabled: true, effort: 'low' },
      { includeThoughts: true, thinkingLevel: 'LOW' },
    ],
    [
      'gemini-3-pro-preview',
      { enabled: true, budgetTokens: 2048 },
      { includeThoughts: true, thinkingBudget: 2048 },
    ],
    [
      'gemini-3-pro-preview',
      { enabled: true, effort: 'medium' },
      { includeThoughts: true, thinkingLevel: 'HIGH' },
    ],
    [
      'gemini-3-flash-preview',
      { enabled: true, effort: 'medium' },
      { includeThoughts: true, thinkingLevel: 'MEDIUM' },
    ],
    ['gemini-2.5-pro', { enabled: true, effort: 'max' }, { includeThoughts: true, thinkingBudget: 32_768 }],
    ['gemini-2.5-flash', { enabled: true, effort: 'max' }, { includeThoughts: true, thinkingBudget: 24_576 }],
    [
      'gemini-2.5-flash',
      { enabled: true, effort: 'medium' },
      { includeThoughts: true, thinkingBudget: 8192 },
    ],
    ['gemini-2.5-flash', { enabled: true }, { includeThoughts: true, thinkingBudget: -1 }],
    ['gemini-2.5-flash', { enabled: false }, { thinkingBudget: 0 }],
    ['gemini-2.5-flash-lite', undefined, undefined],
  ] as const)('gives %s with thinking %j the thinking config %j', (modelId, thinking, expected) => {
    expect(build(thinking === undefined ? {} : { thinking }, modelId).params.config.thinkingConfig).toEqual(
      expected,
    );
  });

  it.each([
    ['gemini-2.5-pro', 64, 128],
    ['gemini-2.5-flash', 50_000, 24_576],
    ['gemini-2.5-flash-lite', 100, 512],
  ] as const)(
    'brings a budget %s does not take into its range (%i → %i), with a warning',
    (modelId, asked, sent) => {
      const { params, warnings } = build({ thinking: { enabled: true, budgetTokens: asked } }, modelId);
      expect(params.config.thinkingConfig).toEqual({ includeThoughts: true, thinkingBudget: sent });
      expect(warnings.map((warning) => warning.code)).toEqual(['thinking_budget_adjusted']);
    },
  );

  it.each(['gemini-2.5-pro', 'models/gemini-2.5-pro'])(
    'never sends %s a budget of 0, which it refuses: it cannot stop thinking',
    (modelId) => {
      const { params, warnings } = build({ thinking: { enabled: false } }, modelId);
      expect(params.config.thinkingConfig).toBeUndefined();
      expect(warnings.map((warning) => warning.code)).toEqual(['thinking_always_on']);
      expect(
        build({ thinking: { enabled: true, effort: 'max' } }, modelId).params.config.thinkingConfig,
      ).toEqual({
        includeThoughts: true,
        thinkingBudget: 32_768,
      });
    },
  );

  it('warns that Gemini 3 cannot stop thinking, and sends no thinking config', () => {
    const { params, warnings } = build({ thinking: { enabled: false } });
    expect(params.config.thinkingConfig).toBeUndefined();
    expect(warnings.map((warning) => warning.code)).toEqual(['thinking_always_on']);
  });

  it('sends every part back with its signature, and the results as function responses by name', () => {
    const { params } = build({
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', text: 'Paris.', providerData: { gemini: true, thoughtSignature: 'c2ln' } },
            { type: 'thinking', text: 'From another provider.', providerData: { signature: 'x' } },
            { type: 'text', text: 'Looking.' },
            {
              type: 'tool-call',
              id: 'gemini-call-r1-1',
              name: 'get_weather',
              input: { city: 'Paris' },
              providerData: { thoughtSignature: 'Y2FsbA==' },
            },
            { type: 'tool-call', id: 'fc_7', name: 'get_weather', input: { city: 'Rome' } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'gemini-call-r1-1',
              toolName: 'get_weather',
              output: { content: [{ type: 'text', text: 'Sunny.' }] },
              isError: false,
            },
            {
              type: 'tool-result',
              toolCallId: 'fc_7',
              toolName: 'get_weather',
              output: { content: [{ type: 'text', text: 'No such city.' }] },
              isError: true,
            },
          ],
        },
      ],
    });
    expect(params.contents.slice(1)).toEqual([
      {
        role: 'model',
        parts: [
          { text: 'Paris.', thought: true, thoughtSignature: 'c2ln' },
          { text: 'Looking.' },
          { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'Y2FsbA==' },
          { functionCall: { id: 'fc_7', name: 'get_weather', args: { city: 'Rome' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_weather', response: { output: 'Sunny.' } } },
          { functionResponse: { id: 'fc_7', name: 'get_weather', response: { error: 'No such city.' } } },
        ],
      },
    ]);
  });

  it('sends a result its output marks failed as an error, like one the loop marked', () => {
    const { params } = build({
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: [{ type: 'tool-call', id: 'fc_7', name: 'get_weather', input: {} }] },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'fc_7',
              toolName: 'get_weather',
              output: { content: [{ type: 'text', text: 'No such city.' }], isError: true },
              isError: false,
            },
          ],
        },
      ],
    });

    expect(params.contents.at(-1)?.parts).toEqual([
      { functionResponse: { id: 'fc_7', name: 'get_weather', response: { error: 'No such city.' } } },
    ]);
  });

  it('leaves out empty text, which carries nothing, but the signed empty text Gemini ended a response with', () => {
    const { params } = build({
      messages: [
        { role: 'user', content: '' },
        {
          role: 'user',
          content: [
            { type: 'text', text: '' },
            { type: 'text', text: 'Weather?' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: '' },
            { type: 'text', text: 'Sunny.' },
            { type: 'text', text: '', providerData: { thoughtSignature: 'ZW5k' } },
          ],
        },
        { role: 'assistant', content: [{ type: 'text', text: '' }] },
      ],
    });

    expect(params.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather?' }] },
      { role: 'model', parts: [{ text: 'Sunny.' }, { text: '', thoughtSignature: 'ZW5k' }] },
    ]);
  });
  it('joins contents in a row with the same role, as the API takes only turns that alternate', () => {
    const call = { type: 'tool-call' as const, id: 'c1', name: 'get_weather', input: { city: 'Paris' } };
    const result = {
      type: 'tool-result' as const,
      toolCallId: 'c1',
      toolName: 'get_weather',
      output: { content: [{ type: 'text' as const, text: 'Sunny.' }] },
      isError: false,
    };
    const { params } = build(
      {
        messages: [
          { role: 'user', content: 'Say nothing.' },
          // The model answered nothing: no model content is left between the two user messages.
          { role: 'assistant', content: [{ type: 'text', text: '' }] },
          { role: 'user', content: 'Weather in Paris?' },
          { role: 'assistant', content: [call] },
          { role: 'tool', content: [result] },
          // The turn ended after the tool ran (a limit, a timeout), with no answer; the next message follows.
          { role: 'user', content: 'And now?' },
          { role: 'assistant', content: [{ type: 'text', text: 'Still sunny.' }] },
          { role: 'assistant', content: [{ type: 'text', text: 'Both times.' }] },
        ],
      },
      'gemini-2.5-flash',
    );

    expect(params.contents).toEqual([
      { role: 'user', parts: [{ text: 'Say nothing.' }, { text: 'Weather in Paris?' }] },
      {
        role: 'model',
        parts: [{ functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Paris' } } }],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'c1', name: 'get_weather', response: { output: 'Sunny.' } } },
          { text: 'And now?' },
        ],
      },
      { role: 'model', parts: [{ text: 'Still sunny.' }, { text: 'Both times.' }] },
    ]);
  });
});
