import type { RecordedRequest } from '@toolloop/fake-llm';
import { expect, it } from 'vitest';
import { summarizeRequest } from './summarize-request.js';

function messagesRequest(body: unknown): RecordedRequest {
  return {
    scriptId: 'a',
    index: 0,
    method: 'POST',
    path: '/script/a/v1/messages',
    headers: {},
    body,
    bodyBytes: 0,
    stream: true,
    summarized: false,
  };
}

const cache = { cache_control: { type: 'ephemeral' } };

it('names the blocks a Messages API request marks for the cache, by their API path, in request order', () => {
  const summary = summarizeRequest(
    messagesRequest({
      tools: [
        { name: 'a', input_schema: { type: 'object' } },
        { name: 'b', input_schema: { type: 'object' }, ...cache },
      ],
      system: [
        { type: 'text', text: 'Stable.', ...cache },
        { type: 'text', text: 'Round 1.' },
      ],
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'a', input: {} }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'ok', ...cache }] },
            { type: 'text', text: 'Go on.', ...cache },
          ],
        },
      ],
    }),
    0,
  );

  expect(summary.cacheBreakpoints).toEqual([
    'tools.1',
    'system.0',
    'messages.2.content.0.content.0',
    'messages.2.content.1',
  ]);
});

it('has none for a request without cache_control, or a chat completions request', () => {
  expect(
    summarizeRequest(messagesRequest({ system: 'Plain.', messages: [] }), 0).cacheBreakpoints,
  ).toBeUndefined();
  expect(
    summarizeRequest(
      {
        ...messagesRequest({ messages: [{ role: 'user', content: 'Hi', ...cache }] }),
        path: '/v1/chat/completions',
      },
      0,
    ).cacheBreakpoints,
  ).toBeUndefined();
});

it('lists the text of each tool result a request carried, in order, in both dialects', () => {
  const messages = summarizeRequest(
    messagesRequest({
      messages: [
        { role: 'user', content: 'Hi' },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: 'first' },
            { type: 'tool_result', tool_use_id: 't2', content: [{ type: 'text', text: 'second' }] },
            { type: 'text', text: 'Go on.' },
          ],
        },
      ],
    }),
    0,
  );
  const chat = summarizeRequest(
    {
      ...messagesRequest({
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'tool', tool_call_id: 't1', content: 'first' },
          { role: 'tool', tool_call_id: 't2', content: [{ type: 'text', text: 'second' }] },
        ],
      }),
      path: '/script/a/v1/chat/completions',
    },
    0,
  );
  const none = summarizeRequest(messagesRequest({ messages: [{ role: 'user', content: 'Hi' }] }), 0);

  expect(messages.toolResults).toEqual(['first', 'second']);
  expect(chat.toolResults).toEqual(['first', 'second']);
  expect(none).not.toHaveProperty('toolResults');
});

it('reads the structured output format of either wire: a name and schema, a schema, or none', () => {
  const schema = { type: 'object', properties: { city: { type: 'string' } } };
  const chat = summarizeRequest(
    {
      ...messagesRequest({
        messages: [{ role: 'user', content: 'Hi' }],
        response_format: { type: 'json_schema', json_schema: { name: 'weather', schema, strict: true } },
      }),
      path: '/script/a/v1/chat/completions',
    },
    0,
  );
  const messages = summarizeRequest(
    messagesRequest({
      messages: [{ role: 'user', content: 'Hi' }],
      output_config: { format: { type: 'json_schema', schema } },
    }),
    0,
  );
  const jsonObject = summarizeRequest(
    {
      ...messagesRequest({
        messages: [{ role: 'user', content: 'Hi' }],
        response_format: { type: 'json_object' },
      }),
      path: '/script/a/v1/chat/completions',
    },
    0,
  );

  expect(chat.outputFormat).toEqual({ name: 'weather', schema });
  expect(messages.outputFormat).toEqual({ schema });
  expect(jsonObject).not.toHaveProperty('outputFormat');
});

it('names the first message after the system prompt, which chat completions send as a message', () => {
  const chat = summarizeRequest(
    {
      ...messagesRequest({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: '[Summary] Pages 1 and 2.' },
          { role: 'assistant', content: 'Reading page 3.' },
        ],
      }),
      path: '/script/a/v1/chat/completions',
    },
    0,
  );
  const messages = summarizeRequest(
    messagesRequest({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }),
    0,
  );

  expect(chat.firstMessage).toEqual({ role: 'user', text: '[Summary] Pages 1 and 2.' });
  expect(chat.lastMessage).toEqual({ role: 'assistant', text: 'Reading page 3.' });
  expect(messages.firstMessage).toEqual({ role: 'user', text: 'Hi' });
});

it('reads a request for one tool call at most in Anthropic’s form: chat completions’ parallel_tool_calls: false too', () => {
  const chat = (body: Record<string, unknown>) =>
    summarizeRequest(
      {
        ...messagesRequest({ messages: [{ role: 'user', content: 'Hi' }], ...body }),
        path: '/script/a/v1/chat/completions',
      },
      0,
    ).toolChoice;

  expect(
    summarizeRequest(
      messagesRequest({ messages: [], tool_choice: { type: 'auto', disable_parallel_tool_use: true } }),
      0,
    ).toolChoice,
  ).toEqual({ type: 'auto', disable_parallel_tool_use: true });
  expect(chat({ parallel_tool_calls: false })).toEqual({ type: 'auto', disable_parallel_tool_use: true });
  expect(chat({ tool_choice: 'required', parallel_tool_calls: false })).toEqual({
    type: 'any',
    disable_parallel_tool_use: true,
  });
  expect(chat({ tool_choice: 'auto', parallel_tool_calls: true })).toEqual({ type: 'auto' });
  expect(chat({})).toBeUndefined();
});
