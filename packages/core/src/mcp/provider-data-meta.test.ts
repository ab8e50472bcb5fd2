import { describe, expect, it } from 'vitest';
import { createEmptyUsage } from '../model/usage.js';
import { convertSamplingMessages } from './convert-sampling-messages.js';
import { toCreateMessageResult } from './to-create-message-result.js';

describe('what a provider needs back, across a sampling round trip', () => {
  it('goes to the server in the _meta of each block, and comes back from it to the part it was on', () => {
    const signature = { thoughtSignature: 'c2lnbmVkIGJ5IHRoZSBtb2RlbA==' };
    const result = toCreateMessageResult({
      response: {
        content: [
          { type: 'text', text: 'Looking it up.', providerData: { itemId: 'msg_1' } },
          { type: 'tool-call', id: 'call_1', name: 'lookup', input: { q: 'x' }, providerData: signature },
        ],
        finish: { type: 'finish', finishReason: 'tool_calls', usage: createEmptyUsage() },
      },
      modelId: 'gemini-3-pro-preview',
      offeredTools: true,
    });

    expect(result.content).toEqual([
      { type: 'text', text: 'Looking it up.', _meta: { 'toolloop/provider-data': { itemId: 'msg_1' } } },
      {
        type: 'tool_use',
        id: 'call_1',
        name: 'lookup',
        input: { q: 'x' },
        _meta: { 'toolloop/provider-data': signature },
      },
    ]);
    // A server sends the assistant's blocks back as they came, then the results.
    const [, assistant] = convertSamplingMessages([
      { role: 'user', content: { type: 'text', text: 'Find x.' } },
      { role: 'assistant', content: Array.isArray(result.content) ? result.content : [result.content] },
      {
        role: 'user',
        content: [{ type: 'tool_result', toolUseId: 'call_1', content: [{ type: 'text', text: 'x is 1' }] }],
      },
    ]);
    expect(assistant).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Looking it up.', providerData: { itemId: 'msg_1' } },
        { type: 'tool-call', id: 'call_1', name: 'lookup', input: { q: 'x' }, providerData: signature },
      ],
    });
  });

  it('takes no provider data from a _meta entry that is not an object', () => {
    const [assistant] = convertSamplingMessages([
      {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 'call_1',
            name: 'lookup',
            input: {},
            _meta: { 'toolloop/provider-data': 'x' },
          },
        ],
      },
    ]);
    expect(assistant).toEqual({
      role: 'assistant',
      content: [{ type: 'tool-call', id: 'call_1', name: 'lookup', input: {} }],
    });
  });
});
