import type { ThinkingSettings } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { buildOllamaRequest } from './build-ollama-request.js';
import { getOllamaCapabilities } from './ollama-capabilities.js';

const weather = {
  name: 'get_weather',
  description: 'The weather in a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
};

function build(options: {
  modelId: string;
  thinking?: ThinkingSettings;
  toolChoice?: { type: 'none' } | { type: 'required' };
  tools?: boolean;
}) {
  return buildOllamaRequest({
    request: {
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: options.tools === false ? [] : [weather],
      ...(options.thinking === undefined ? {} : { thinking: options.thinking }),
      ...(options.toolChoice === undefined ? {} : { toolChoice: options.toolChoice }),
    },
    modelId: options.modelId,
    capabilities: getOllamaCapabilities(options.modelId),
    defaults: { options: { num_ctx: 8192, temperature: 0.2 }, keepAlive: '10m' },
  });
}

describe('buildOllamaRequest', () => {
  it('sends the system prompt first, the tools as functions, the options and keep_alive', () => {
    expect(build({ modelId: 'qwen3:8b' })).toEqual({
      body: {
        model: 'qwen3:8b',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Weather in Paris?' },
        ],
        stream: true,
        options: { num_ctx: 8192, temperature: 0.2 },
        keep_alive: '10m',
        tools: [
          {
            type: 'function',
            function: {
              name: 'get_weather',
              description: 'The weather in a city.',
              parameters: { type: 'object', properties: { city: { type: 'string' } } },
            },
          },
        ],
      },
      warnings: [],
    });
  });

  it.each([
    ['qwen3:8b', { enabled: true }, true, []],
    ['qwen3:8b', { enabled: false }, false, []],
    ['gpt-oss:20b', { enabled: true, effort: 'high' }, 'high', []],
    ['gpt-oss:20b', { enabled: true, budgetTokens: 2000 }, 'low', []],
    ['gpt-oss:20b', { enabled: true, effort: 'max' }, 'high', ['thinking_effort_lowered']],
    ['gpt-oss:20b', { enabled: false }, undefined, ['thinking_always_on']],
    ['llama3.2', { enabled: true }, undefined, ['thinking_unsupported']],
    ['my-own-model', { enabled: true }, undefined, ['thinking_unsupported']],
    ['llama3.2', { enabled: false }, undefined, []],
  ] as const)('%s with thinking %j sends think %j', (modelId, thinking, think, codes) => {
    const { body, warnings } = build({ modelId, thinking });
    expect([body.think, warnings.map((warning) => warning.code)]).toEqual([think, codes]);
  });

  it('sends no tools for tool choice none, and warns that a forced choice cannot be sent', () => {
    expect(build({ modelId: 'qwen3', toolChoice: { type: 'none' } }).body.tools).toBeUndefined();
    const forced = build({ modelId: 'qwen3', toolChoice: { type: 'required' } });
    expect([forced.body.tools?.length, forced.warnings.map((warning) => warning.code)]).toEqual([
      1,
      ['tool_choice_unsupported'],
    ]);
  });

  it('sends no tools to a model the catalogue says takes none, with a warning', () => {
    const { body, warnings } = build({ modelId: 'gemma3:4b' });
    expect([body.tools, warnings.map((warning) => warning.code)]).toEqual([undefined, ['tools_unsupported']]);
  });
});
