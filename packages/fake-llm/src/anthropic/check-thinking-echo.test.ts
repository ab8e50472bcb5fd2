import { describe, expect, it } from 'vitest';
import type { AnthropicAnswer } from './anthropic-answer.js';
import { checkThinkingEcho } from './check-thinking-echo.js';
import { createThinkingSignature } from './create-thinking-signature.js';
import type { RequestMessage } from './messages-request-body.js';

const usage = { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 };

/** An answer that thought, then called the tools with these ids (or said `text`, with none). */
function answer(id: string, thinking: string, calls: readonly string[], text = ''): AnthropicAnswer {
  return {
    id,
    model: 'claude-sonnet-4-5',
    stopReason: calls.length > 0 ? 'tool_use' : 'end_turn',
    usage,
    content: [
      {
        type: 'thinking',
        thinking,
        signature: createThinkingSignature({ scriptId: 'echo', requestIndex: 0, blockIndex: 0, thinking }),
      },
      ...(text === '' ? [] : [{ type: 'text' as const, text }]),
      ...calls.map((call) => ({
        type: 'tool_use' as const,
        id: call,
        name: 'echo',
        input: {},
        inputJson: '{}',
      })),
    ],
  };
}

/** The assistant message that sends `sent` back as the API requires: its content as it came. */
function echoOf(sent: AnthropicAnswer): RequestMessage {
  return {
    role: 'assistant',
    content: sent.content.map((block) =>
      block.type === 'tool_use'
        ? { type: 'tool_use', id: block.id, name: block.name, input: block.input }
        : block,
    ),
  };
}

function resultsFor(calls: readonly string[]): RequestMessage {
  return {
    role: 'user',
    content: calls.map((call) => ({ type: 'tool_result', tool_use_id: call, content: 'ok' })),
  };
}

describe('checkThinkingEcho', () => {
  it("finds an answer's echo by the first message holding any of its calls", () => {
    const both = answer('msg_both', 'Two calls.', ['call_a', 'call_b']);
    // An earlier message holds the answer's second call (a transcript edited by hand), its reasoning changed.
    const earlier: RequestMessage = {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Changed.', signature: 'sig' },
        { type: 'tool_use', id: 'call_b', name: 'echo', input: {} },
      ],
    };
    const problems = checkThinkingEcho({
      answers: [both],
      messages: [
        { role: 'user', content: [] },
        earlier,
        resultsFor(['call_b']),
        echoOf(both),
        resultsFor(['call_a', 'call_b']),
      ],
    });
    expect(problems).toEqual([
      expect.stringMatching(/^messages\[1\] echoes answer msg_both but its reasoning blocks differ/),
    ]);
  });

  it("finds a text answer's echo by its whole text, and leaves out answers the transcript lacks", () => {
    const said = answer('msg_said', 'Plain.', [], 'Done.');
    const notSent = answer('msg_other', 'Elsewhere.', [], 'Another conversation.');
    const changed: RequestMessage = {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Edited.', signature: 'sig' },
        { type: 'text', text: 'Done.' },
      ],
    };
    expect(
      checkThinkingEcho({ answers: [notSent, said], messages: [{ role: 'user', content: [] }, changed] }),
    ).toEqual([expect.stringMatching(/^messages\[1\] echoes answer msg_said/)]);
  });

  it('checks a conversation of 2,000 rounds of thinking, each answer against its own echo', () => {
    const answers: AnthropicAnswer[] = [];
    const messages: RequestMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'Go.' }] }];
    for (let round = 0; round < 2000; round += 1) {
      const sent = answer(`msg_${round}`, `Round ${round}.`, [`call_${round}`]);
      answers.push(sent);
      messages.push(echoOf(sent), resultsFor([`call_${round}`]));
    }
    expect(checkThinkingEcho({ answers, messages })).toEqual([]);
    // The last round's reasoning changed: the current cycle must carry it as it was sent.
    const last = messages.at(-2) as RequestMessage;
    last.content[0] = { type: 'thinking', thinking: 'Rewritten.', signature: 'sig' };
    expect(checkThinkingEcho({ answers, messages })).toEqual([
      expect.stringMatching(/^messages\[3999\] echoes answer msg_1999 but its reasoning blocks differ/),
    ]);
  });
});
