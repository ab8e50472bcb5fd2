import { describe, expect, it } from 'vitest';
import { toolBlocksAsText } from './tool-blocks-as-text.js';

describe('toolBlocksAsText', () => {
  it('writes calls and results as text, naming what text cannot carry, and leaves other blocks', () => {
    const { messages, changed } = toolBlocksAsText([
      { role: 'user', content: [{ text: 'Show me the chart.' }] },
      {
        role: 'assistant',
        content: [{ text: 'Fetching.' }, { toolUse: { toolUseId: 't1', name: 'chart', input: { id: 7 } } }],
      },
      {
        role: 'user',
        content: [
          {
            toolResult: {
              toolUseId: 't1',
              content: [
                { json: { rows: 2 } },
                { image: { format: 'png', source: { bytes: new Uint8Array([1]) } } },
              ],
            },
          },
        ],
      },
    ]);

    expect(changed).toBe(true);
    expect(messages.map((message) => message.content)).toEqual([
      [{ text: 'Show me the chart.' }],
      [{ text: 'Fetching.' }, { text: '[Called the tool chart with {"id":7}]' }],
      [{ text: '[The tool returned: {"rows":2}\n(an image)]' }],
    ]);
  });

  it('leaves messages without tool blocks as they are', () => {
    const messages = [{ role: 'user' as const, content: [{ text: 'Hi' }] }];
    expect(toolBlocksAsText(messages)).toEqual({ messages, changed: false });
  });
});
