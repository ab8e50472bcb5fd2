import { describe, expect, it } from 'vitest';
import { convertToOpenAIToolChoice } from './convert-to-openai-tool-choice.js';

describe('convertToOpenAIToolChoice', () => {
  it.each([
    [{ type: 'auto' }, 'auto'],
    [{ type: 'required' }, 'required'],
    [{ type: 'none' }, 'none'],
    [
      { type: 'tool', name: 'search' },
      { type: 'function', function: { name: 'search' } },
    ],
  ] as const)('maps %j', (toolChoice, expected) => {
    expect(
      convertToOpenAIToolChoice({ toolChoice, maxToolsPerResponse: undefined, honoursToolChoice: true }),
    ).toEqual({ sendTools: true, toolChoice: expected, warnings: [] });
  });

  it('sends no tool_choice when the request sets none', () => {
    expect(
      convertToOpenAIToolChoice({
        toolChoice: undefined,
        maxToolsPerResponse: undefined,
        honoursToolChoice: true,
      }),
    ).toEqual({ sendTools: true, warnings: [] });
  });

  it('turns one tool per response into parallel_tool_calls: false', () => {
    expect(
      convertToOpenAIToolChoice({ toolChoice: undefined, maxToolsPerResponse: 1, honoursToolChoice: true }),
    ).toEqual({ sendTools: true, parallelToolCalls: false, warnings: [] });
    expect(
      convertToOpenAIToolChoice({
        toolChoice: { type: 'required' },
        maxToolsPerResponse: 1,
        honoursToolChoice: true,
      }),
    ).toEqual({ sendTools: true, toolChoice: 'required', parallelToolCalls: false, warnings: [] });
  });

  it('allows parallel calls when more than one per response is allowed', () => {
    expect(
      convertToOpenAIToolChoice({
        toolChoice: { type: 'auto' },
        maxToolsPerResponse: 3,
        honoursToolChoice: true,
      }),
    ).toEqual({ sendTools: true, toolChoice: 'auto', warnings: [] });
  });

  it('emulates none by sending no tools on a server that ignores tool_choice', () => {
    expect(
      convertToOpenAIToolChoice({
        toolChoice: { type: 'none' },
        maxToolsPerResponse: 1,
        honoursToolChoice: false,
      }),
    ).toEqual({ sendTools: false, warnings: [] });
  });

  it('warns that a server that ignores tool_choice may not follow a forced choice', () => {
    expect(
      convertToOpenAIToolChoice({
        toolChoice: { type: 'tool', name: 'search' },
        maxToolsPerResponse: undefined,
        honoursToolChoice: false,
      }),
    ).toEqual({
      sendTools: true,
      toolChoice: { type: 'function', function: { name: 'search' } },
      warnings: [
        {
          type: 'warning',
          code: 'tool_choice_unsupported',
          message: "This server ignores tool_choice, so the model may not follow the forced choice ('tool').",
        },
      ],
    });
  });
});
