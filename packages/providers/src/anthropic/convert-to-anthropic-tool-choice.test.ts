import { describe, expect, it } from 'vitest';
import { convertToAnthropicToolChoice } from './convert-to-anthropic-tool-choice.js';

describe('convertToAnthropicToolChoice', () => {
  it.each([
    [{ type: 'auto' } as const, { type: 'auto' }],
    [{ type: 'required' } as const, { type: 'any' }],
    [{ type: 'tool', name: 'search' } as const, { type: 'tool', name: 'search' }],
    [{ type: 'none' } as const, { type: 'none' }],
  ])('maps %j to %j', (toolChoice, expected) => {
    expect(
      convertToAnthropicToolChoice({ toolChoice, maxToolsPerResponse: undefined, thinks: false }),
    ).toEqual({
      toolChoice: expected,
      warnings: [],
    });
  });

  it('sends no tool choice when the request has none', () => {
    expect(
      convertToAnthropicToolChoice({ toolChoice: undefined, maxToolsPerResponse: undefined, thinks: false }),
    ).toEqual({ warnings: [] });
  });

  it('sends maxToolsPerResponse 1 as disable_parallel_tool_use, with auto when no choice is set', () => {
    expect(
      convertToAnthropicToolChoice({ toolChoice: undefined, maxToolsPerResponse: 1, thinks: false }),
    ).toEqual({
      toolChoice: { type: 'auto', disable_parallel_tool_use: true },
      warnings: [],
    });
    expect(
      convertToAnthropicToolChoice({
        toolChoice: { type: 'required' },
        maxToolsPerResponse: 1,
        thinks: false,
      }),
    ).toEqual({
      toolChoice: { type: 'any', disable_parallel_tool_use: true },
      warnings: [],
    });
  });

  it('leaves parallel tool use on for a limit above one (the loop enforces it)', () => {
    expect(
      convertToAnthropicToolChoice({ toolChoice: { type: 'auto' }, maxToolsPerResponse: 3, thinks: false }),
    ).toEqual({
      toolChoice: { type: 'auto' },
      warnings: [],
    });
  });

  it.each([{ type: 'required' } as const, { type: 'tool', name: 'search' } as const])(
    'sends forced choice %j as auto, with a warning, while the model thinks',
    (toolChoice) => {
      expect(convertToAnthropicToolChoice({ toolChoice, maxToolsPerResponse: 1, thinks: true })).toEqual({
        toolChoice: { type: 'auto', disable_parallel_tool_use: true },
        warnings: [
          {
            type: 'warning',
            code: 'tool_choice_unsupported_with_thinking',
            message: `A forced tool choice ('${toolChoice.type}') cannot be combined with thinking; the model chooses its tools ('auto') instead.`,
          },
        ],
      });
    },
  );

  it('keeps auto and none while the model thinks', () => {
    expect(
      convertToAnthropicToolChoice({
        toolChoice: { type: 'none' },
        maxToolsPerResponse: undefined,
        thinks: true,
      }),
    ).toEqual({
      toolChoice: { type: 'none' },
      warnings: [],
    });
  });
});
