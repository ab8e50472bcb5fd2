import type { ModelRequest } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { getAnthropicModelCapabilities } from './anthropic-model-capabilities.js';
import { buildAnthropicRequest } from './build-anthropic-request.js';

const search = {
  name: 'search',
  description: 'Searches the web.',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
};

function build(request: Partial<Omit<ModelRequest, 'signal'>>, modelId = 'claude-haiku-4-5') {
  return buildAnthropicRequest({
    request: { messages: [{ role: 'user', content: 'Hi' }], tools: [], ...request },
    modelId,
    capabilities: getAnthropicModelCapabilities(modelId),
  });
}

describe('buildAnthropicRequest', () => {
  it("sends the model's default max_tokens, and no tools field for an empty tool list", () => {
    expect(build({})).toEqual({
      params: {
        model: 'claude-haiku-4-5',
        max_tokens: 32_000,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
        stream: true,
      },
      warnings: [],
      conversation: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    });
  });

  it('sends the system prompt, stop sequences, tools and tool choice', () => {
    expect(
      build({
        system: 'Be brief.',
        stopSequences: ['END'],
        tools: [search],
        toolChoice: { type: 'required' },
        maxTokens: 1000,
        maxToolsPerResponse: 1,
      }).params,
    ).toEqual({
      model: 'claude-haiku-4-5',
      max_tokens: 1000,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      stream: true,
      system: 'Be brief.',
      stop_sequences: ['END'],
      tools: [
        {
          name: 'search',
          description: 'Searches the web.',
          input_schema: { type: 'object', properties: { query: { type: 'string' } } },
        },
      ],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
    });
  });

  it('sends no tool choice when no tools are offered', () => {
    expect(build({ toolChoice: { type: 'required' }, maxToolsPerResponse: 1 }).params).not.toHaveProperty(
      'tool_choice',
    );
  });

  it('sends manual thinking, raising max_tokens, and drops a forced tool choice with a warning', () => {
    const { params, warnings } = build({
      thinking: { enabled: true, budgetTokens: 5000 },
      maxTokens: 2000,
      tools: [search],
      toolChoice: { type: 'tool', name: 'search' },
    });
    expect(params).toMatchObject({
      max_tokens: 7000,
      thinking: { type: 'enabled', budget_tokens: 5000 },
      tool_choice: { type: 'auto' },
    });
    expect(warnings.map((warning) => warning.code)).toEqual(['tool_choice_unsupported_with_thinking']);
  });

  it('sends adaptive thinking with output_config.effort to a 4.7 model', () => {
    expect(build({ thinking: { enabled: true, effort: 'low' } }, 'claude-opus-4-7').params).toMatchObject({
      thinking: { type: 'adaptive' },
      output_config: { effort: 'low' },
      max_tokens: 32_000,
    });
  });

  it('uses the provider defaults when the request sets no thinking or max_tokens', () => {
    const { params } = buildAnthropicRequest({
      request: { messages: [], tools: [] },
      modelId: 'claude-sonnet-4-6',
      capabilities: getAnthropicModelCapabilities('claude-sonnet-4-6'),
      defaultMaxTokens: 8000,
      defaultThinking: { enabled: true, effort: 'medium' },
    });
    expect(params).toMatchObject({
      max_tokens: 8000,
      thinking: { type: 'adaptive' },
      output_config: { effort: 'medium' },
    });
  });

  it('sends no thinking, with a warning, to a model without thinking', () => {
    const { params, warnings } = build({ thinking: { enabled: true } }, 'claude-3-haiku-20240307');
    expect(params).not.toHaveProperty('thinking');
    expect(params.max_tokens).toBe(4096);
    expect(warnings.map((warning) => warning.code)).toEqual(['thinking_unsupported']);
  });
  it('sends a responseFormat as output_config.format, through the SDK transform, beside the effort', () => {
    const responseFormat = {
      type: 'json' as const,
      name: 'invoice',
      schema: {
        type: 'object',
        properties: {
          total: { type: 'number', minimum: 0 },
          lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
        },
        required: ['total'],
      },
    };

    const { params, warnings } = build(
      { responseFormat, thinking: { enabled: true, effort: 'low' } },
      'claude-sonnet-4-6',
    );

    expect(params.output_config).toEqual({
      effort: 'low',
      format: {
        type: 'json_schema',
        schema: {
          type: 'object',
          properties: {
            total: { type: 'number', description: '{minimum: 0}' },
            lines: {
              type: 'array',
              items: { type: 'object', properties: { sku: { type: 'string' } }, additionalProperties: false },
            },
          },
          additionalProperties: false,
          required: ['total'],
        },
      },
    });
    expect(warnings).toEqual([]);
  });

  it('sends no format to a model without structured outputs, and says so', () => {
    const { params, warnings } = build(
      { responseFormat: { type: 'json', name: 'answer', schema: { type: 'object' } } },
      'claude-sonnet-4-0',
    );

    expect(params.output_config).toBeUndefined();
    expect(warnings).toEqual([
      {
        type: 'warning',
        code: 'structured_output_unsupported',
        message:
          "claude-sonnet-4-0 does not take output_config.format (structured outputs came with Claude 4.5); the answer's format was not sent.",
      },
    ]);
  });
});

describe('buildAnthropicRequest with prompt caching', () => {
  // About 1600 estimated tokens: past claude-sonnet-4-6's minimum of 1024, short of claude-haiku-4-5's 4096.
  const longSystem = 'You answer questions about the handbook. '.repeat(120);
  const request = {
    system: `${longSystem}\n\n[Round 1] If a tool is relevant to the request, call it.`,
    volatileSystemSuffix: '[Round 1] If a tool is relevant to the request, call it.',
    tools: [search],
  };

  function cacheControlPaths(params: object): string[] {
    const paths: string[] = [];
    const visit = (value: unknown, path: string) => {
      if (typeof value !== 'object' || value === null) return;
      for (const [key, child] of Object.entries(value)) {
        if (key === 'cache_control') paths.push(path);
        else visit(child, path === '' ? key : `${path}.${key}`);
      }
    };
    visit(params, '');
    return paths;
  }

  it('marks the tools, the system prompt and the conversation when the prompt reaches the model’s minimum', () => {
    const { params } = build(request, 'claude-sonnet-4-6');
    expect(cacheControlPaths(params)).toEqual(['messages.0.content.0', 'system.0', 'tools.0']);
    expect(params.system).toEqual([{ type: 'text', text: longSystem, cache_control: { type: 'ephemeral' } }]);
    expect(params.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Hi', cache_control: { type: 'ephemeral' } },
          { type: 'text', text: '[Round 1] If a tool is relevant to the request, call it.' },
        ],
      },
    ]);
  });

  it('sends nothing for caching below the model’s minimum: the round’s line stays in the system prompt', () => {
    const { params } = build(request, 'claude-haiku-4-5');
    expect(cacheControlPaths(params)).toEqual([]);
    expect(params.system).toBe(request.system);
  });

  it('moves the round’s line out of the system prompt without breakpoints for a thread (stableSystem)', () => {
    const { params, conversation } = buildAnthropicRequest({
      request: { messages: [{ role: 'user', content: 'Hi' }], ...request },
      modelId: 'claude-haiku-4-5',
      capabilities: getAnthropicModelCapabilities('claude-haiku-4-5'),
      stableSystem: true,
    });
    expect(cacheControlPaths(params)).toEqual([]);
    expect(params.system).toBe(longSystem);
    expect(params.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Hi' },
          { type: 'text', text: '[Round 1] If a tool is relevant to the request, call it.' },
        ],
      },
    ]);
    // What a thread compares: the messages before the round's line was added.
    expect(conversation).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
  });

  it('keeps the conversation it reports free of breakpoints', () => {
    const { conversation } = build(request, 'claude-sonnet-4-6');
    expect(conversation).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
  });

  it('sends breakpoints on any prompt with a minimum of 0 from the capabilities', () => {
    const { params } = buildAnthropicRequest({
      request: { messages: [{ role: 'user', content: 'Hi' }], tools: [], system: 'Be brief.' },
      modelId: 'claude-haiku-4-5',
      capabilities: { ...getAnthropicModelCapabilities('claude-haiku-4-5'), minCacheableTokens: 0 },
    });
    expect(cacheControlPaths(params)).toEqual(['messages.0.content.0', 'system.0']);
  });

  it('moves the breakpoints on from request to request of a loop, leaving none behind on the blocks before', () => {
    const messages: ModelRequest['messages'] = [{ role: 'user', content: 'Search.' }];
    const capabilities = { ...getAnthropicModelCapabilities('claude-haiku-4-5'), minCacheableTokens: 0 };
    const paths: string[][] = [];
    for (let round = 0; round < 3; round += 1) {
      const { params } = buildAnthropicRequest({
        request: { messages, tools: [search] },
        modelId: 'claude-haiku-4-5',
        capabilities,
      });
      paths.push(cacheControlPaths(params));
      messages.push(
        { role: 'assistant', content: [{ type: 'tool-call', id: `c${round}`, name: 'search', input: {} }] },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: `c${round}`,
              toolName: 'search',
              output: { content: [{ type: 'text', text: 'found' }] },
              isError: false,
            },
          ],
        },
      );
    }
    expect(paths).toEqual([
      ['messages.0.content.0', 'tools.0'],
      ['messages.0.content.0', 'messages.2.content.0', 'tools.0'],
      ['messages.2.content.0', 'messages.4.content.0', 'tools.0'],
    ]);
  });

  it('decides from the transcript as it is now: an earlier message edited in place or replaced counts anew', () => {
    // claude-haiku-4-5 caches from 4096 estimated tokens, 12,285 bytes of JSON. The first result's 3,000 letters
    // are far below, but may be above by the bound that looks at each letter as six bytes: the request is counted
    // byte by byte, and what each earlier message counted is kept for the next request.
    const result = (toolCallId: string, text: string) => ({
      role: 'tool' as const,
      content: [
        {
          type: 'tool-result' as const,
          toolCallId,
          toolName: 'search',
          output: { content: [{ type: 'text' as const, text }] },
          isError: false,
        },
      ],
    });
    const messages: ModelRequest['messages'] = [
      { role: 'user', content: 'Search.' },
      { role: 'assistant', content: [{ type: 'tool-call', id: 'c0', name: 'search', input: {} }] },
      result('c0', 'y'.repeat(3000)),
    ];
    const next = (round: number) => {
      const { params } = build({ messages, tools: [search] });
      messages.push(
        { role: 'assistant', content: [{ type: 'tool-call', id: `c${round}`, name: 'search', input: {} }] },
        result(`c${round}`, 'found'),
      );
      return cacheControlPaths(params).length > 0;
    };
    const earlierText = () => {
      const [part] = (messages[2]?.content ?? []) as Array<{ output: { content: Array<{ text: string }> } }>;
      const [block] = part?.output.content ?? [];
      if (block === undefined) throw new Error('the first result has no text');
      return block;
    };

    const cached: boolean[] = [next(1)];
    // The first result, edited in place, now passes the minimum alone.
    earlierText().text = 'y'.repeat(13_000);
    cached.push(next(2));
    earlierText().text = 'y'.repeat(3000);
    cached.push(next(3));
    // Replaced by a result of another object, as a cleared result is.
    messages[2] = result('c0', 'z'.repeat(13_000));
    cached.push(next(4));
    messages[2] = result('c0', 'cleared');
    cached.push(next(5));

    expect(cached).toEqual([false, true, false, true, false]);
  });

  it('counts an earlier call’s input edited in place anew, though its block holds the very same object', () => {
    const input = { query: 'y'.repeat(3000) };
    const messages: ModelRequest['messages'] = [
      { role: 'user', content: 'Search.' },
      { role: 'assistant', content: [{ type: 'tool-call', id: 'c0', name: 'search', input }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c0',
            toolName: 'search',
            output: { content: [{ type: 'text', text: 'found' }] },
            isError: false,
          },
        ],
      },
    ];
    const cached = () => cacheControlPaths(build({ messages, tools: [search] }).params).length > 0;

    const answers = [cached()];
    input.query = 'y'.repeat(13_000);
    answers.push(cached());
    input.query = 'y'.repeat(3000);
    answers.push(cached());

    expect(answers).toEqual([false, true, false]);
  });

  it('sends no breakpoints with promptCaching: false, or to a model without prompt caching', () => {
    const off = buildAnthropicRequest({
      request: { messages: [{ role: 'user', content: 'Hi' }], ...request },
      modelId: 'claude-sonnet-4-6',
      capabilities: getAnthropicModelCapabilities('claude-sonnet-4-6'),
      promptCaching: false,
    });
    expect(cacheControlPaths(off.params)).toEqual([]);
    expect(off.params.system).toBe(request.system);
    expect(cacheControlPaths(build(request, 'claude-3-sonnet-20240229').params)).toEqual([]);
  });

  it('gives the breakpoints the ttl of the promptCaching option', () => {
    const { params } = buildAnthropicRequest({
      request: { messages: [{ role: 'user', content: 'Hi' }], ...request },
      modelId: 'claude-sonnet-4-6',
      capabilities: getAnthropicModelCapabilities('claude-sonnet-4-6'),
      promptCaching: { ttl: '1h' },
    });
    expect(params.tools?.[0]).toMatchObject({ cache_control: { type: 'ephemeral', ttl: '1h' } });
  });
});
