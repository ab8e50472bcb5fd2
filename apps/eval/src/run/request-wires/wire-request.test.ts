import { describe, expect, it } from 'vitest';
import { endsOf, toolMessage, type WireMessage } from './wire-request.js';

describe('endsOf', () => {
  it('counts consecutive tool messages as one, their texts by lines, empty ones left out', () => {
    const user: WireMessage = { role: 'user', text: 'Look both up.' };
    const messages = [
      user,
      { role: 'assistant', text: '' },
      toolMessage(''),
      toolMessage('a'),
      toolMessage(''),
      toolMessage('b'),
    ];
    expect(endsOf(messages)).toEqual({
      firstMessage: user,
      lastMessage: toolMessage('a\nb'),
      messageCount: 3,
    });
    expect(endsOf([toolMessage('x'), toolMessage('y'), user])).toEqual({
      firstMessage: toolMessage('x\ny'),
      lastMessage: user,
      messageCount: 2,
    });
    expect(endsOf([])).toEqual({ messageCount: 0 });
  });

  it('joins a round of 2,000 results of 20 KB each, in order', () => {
    const texts = Array.from({ length: 2000 }, (_unused, index) => `${index}:`.padEnd(20_000, 'x'));
    const { lastMessage, messageCount } = endsOf([{ role: 'user', text: 'Go.' }, ...texts.map(toolMessage)]);
    expect(messageCount).toBe(2);
    expect(lastMessage?.text).toBe(texts.join('\n'));
  });
});
