import { describe, expect, it } from 'vitest';
import { getBedrockCapabilities } from './bedrock-capabilities.js';
import { buildBedrockRequest } from './build-bedrock-request.js';
import { createWideRound } from '../../test/support/wide-round.js';

const sonnet = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const weather = {
  name: 'get_weather',
  description: 'The weather in a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
};

function build(modelId: string, request: Partial<Parameters<typeof buildBedrockRequest>[0]['request']>) {
  return buildBedrockRequest({
    request: { messages: [{ role: 'user', content: 'Hi' }], tools: [], ...request },
    modelId,
    capabilities: getBedrockCapabilities(modelId),
  });
}

describe('buildBedrockRequest', () => {
  it('sends the system prompt, messages and limits as Converse takes them', () => {
    const { params, warnings } = build(sonnet, {
      system: 'Be brief.',
      maxTokens: 500,
      stopSequences: ['END'],
    });
    expect(params).toEqual({
      modelId: sonnet,
      system: [{ text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ text: 'Hi' }] }],
      inferenceConfig: { maxTokens: 500, stopSequences: ['END'] },
    });
    expect(warnings).toEqual([]);
  });

  it("maps a thinking budget to Claude's thinking field, maxTokens raised to hold it", () => {
    const { params } = build(sonnet, { thinking: { enabled: true, budgetTokens: 4000 }, maxTokens: 1000 });
    expect(params.additionalModelRequestFields).toEqual({
      thinking: { type: 'enabled', budget_tokens: 4000 },
    });
    expect(params.inferenceConfig?.maxTokens).toBe(5000);
  });

  it('asks an adaptive model for adaptive thinking with an effort', () => {
    const { params } = build('global.anthropic.claude-opus-4-7', {
      thinking: { enabled: true, effort: 'high' },
    });
    expect(params.additionalModelRequestFields).toEqual({
      thinking: { type: 'adaptive' },
      output_config: { effort: 'high' },
    });
  });

  it('sends no thinking to a model that has none on Converse, with a warning', () => {
    const { params, warnings } = build('amazon.nova-pro-v1:0', { thinking: { enabled: true } });
    expect(params.additionalModelRequestFields).toBeUndefined();
    expect(warnings.map(({ code }) => code)).toEqual(['thinking_unsupported']);
  });

  it('sends tools as toolSpecs, and a forced choice as auto while the model thinks', () => {
    const { params, warnings } = build(sonnet, {
      tools: [weather],
      toolChoice: { type: 'tool', name: 'get_weather' },
      thinking: { enabled: true },
    });
    expect(params.toolConfig).toEqual({
      tools: [
        {
          toolSpec: {
            name: 'get_weather',
            description: 'The weather in a city.',
            inputSchema: { json: weather.inputSchema },
          },
        },
      ],
      toolChoice: { auto: {} },
    });
    expect(warnings.map(({ code }) => code)).toEqual(['tool_choice_unsupported_with_thinking']);
  });

  it.each([
    [{ type: 'required' as const }, { any: {} }],
    [{ type: 'tool' as const, name: 'get_weather' }, { tool: { name: 'get_weather' } }],
  ])('maps the tool choice %j', (toolChoice, expected) => {
    expect(build(sonnet, { tools: [weather], toolChoice }).params.toolConfig?.toolChoice).toEqual(expected);
  });

  it("asks for the answer's schema through outputConfig.textFormat", () => {
    const schema = { type: 'object', properties: { answer: { type: 'string' } } };
    const { params } = build(sonnet, { responseFormat: { type: 'json', name: 'answer', schema } });
    expect(params.outputConfig).toEqual({
      textFormat: {
        type: 'json_schema',
        structure: { jsonSchema: { schema: JSON.stringify(schema), name: 'answer' } },
      },
    });
  });

  it('sends reasoning back exactly, in its place, and tool results as one user message with the next text', () => {
    const { params } = build(sonnet, {
      tools: [{ name: 'get_weather', description: 'The weather.', inputSchema: { type: 'object' } }],
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', text: 'Paris first.', providerData: { signature: 'c2lnbmF0dXJl' } },
            { type: 'redacted-thinking', data: 'AQID' },
            { type: 'text', text: '' },
            { type: 'tool-call', id: 'tooluse_1', name: 'get_weather', input: { city: 'Paris' } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'tooluse_1',
              toolName: 'get_weather',
              output: { content: [{ type: 'text', text: 'No such city.' }] },
              isError: true,
            },
          ],
        },
        { role: 'user', content: 'And now?' },
      ],
    });
    expect(params.messages).toEqual([
      { role: 'user', content: [{ text: 'Weather?' }] },
      {
        role: 'assistant',
        content: [
          { reasoningContent: { reasoningText: { text: 'Paris first.', signature: 'c2lnbmF0dXJl' } } },
          { reasoningContent: { redactedContent: Buffer.from([1, 2, 3]) } },
          { toolUse: { toolUseId: 'tooluse_1', name: 'get_weather', input: { city: 'Paris' } } },
        ],
      },
      {
        role: 'user',
        content: [
          { toolResult: { toolUseId: 'tooluse_1', content: [{ text: 'No such city.' }], status: 'error' } },
          { text: 'And now?' },
        ],
      },
    ]);
  });

  it('sends a failed result without content as an error, however it was marked failed', () => {
    const failed = (part: { isError: boolean; outputIsError?: true }) =>
      build(sonnet, {
        tools: [weather],
        messages: [
          { role: 'user', content: 'Weather?' },
          {
            role: 'assistant',
            content: [{ type: 'tool-call', id: 'tooluse_1', name: 'get_weather', input: {} }],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'tooluse_1',
                toolName: 'get_weather',
                output: { content: [], ...(part.outputIsError === undefined ? {} : { isError: true }) },
                isError: part.isError,
              },
            ],
          },
        ],
      }).params.messages?.at(-1)?.content;
    const errorResult = [
      { toolResult: { toolUseId: 'tooluse_1', content: [{ text: 'Error.' }], status: 'error' } },
    ];

    expect(failed({ isError: true })).toEqual(errorResult);
    expect(failed({ isError: false, outputIsError: true })).toEqual(errorResult);
    expect(failed({ isError: false })).toEqual([
      { toolResult: { toolUseId: 'tooluse_1', content: [{ text: 'Done.' }] } },
    ]);
  });
});

describe('buildBedrockRequest of an answer of 200,000 tool calls', () => {
  it('merges it whole into the assistant message before it', () => {
    const { calls } = createWideRound(200_000);
    const { params } = build(sonnet, {
      tools: [{ ...weather, name: 'echo' }],
      messages: [
        { role: 'user', content: 'Echo them all.' },
        { role: 'assistant', content: [{ type: 'text', text: 'On it.' }] },
        calls,
      ],
    });
    expect(params.messages).toHaveLength(2);
    const content = params.messages?.[1]?.content ?? [];
    expect(content).toHaveLength(1 + 200_000);
    expect(content.at(-1)).toMatchObject({ toolUse: { toolUseId: 'call_199999', name: 'echo' } });
  });
});
