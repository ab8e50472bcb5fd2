import { APIError } from '@anthropic-ai/sdk';
import type {
  MessageCreateParamsStreaming,
  MessageParam,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, it } from 'vitest';
import { anthropicEvents as events, toEventStream } from '../../test/support/anthropic-events.js';
import {
  createAnthropicThreads,
  type AnthropicThreads,
  type ThreadRequest,
} from './anthropic-message-threads.js';

const question: MessageParam = { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] };
const toolCall: MessageParam = {
  role: 'assistant',
  content: [{ type: 'tool_use', id: 'call-1', name: 'get_weather', input: { city: 'Paris' } }],
};
const toolResult: MessageParam = {
  role: 'user',
  content: [{ type: 'tool_result', tool_use_id: 'call-1', content: 'Sunny' }],
};

/** Threads whose `start` always gives a request: none of these tests turns threads off. */
function createTestThreads() {
  const threads = createAnthropicThreads();
  return {
    turnOffAfter: (error: unknown) => threads.turnOffAfter(error),
    start(options: Parameters<AnthropicThreads['start']>[0]): ThreadRequest {
      const request = threads.start(options);
      if (request === undefined) throw new Error('Threads are off.');
      return request;
    },
  };
}

function paramsOf(messages: MessageParam[], system = 'Be brief.'): MessageCreateParamsStreaming {
  return { model: 'claude-sonnet-4-6', max_tokens: 1024, system, messages, stream: true };
}

/** The events of a reply `id` that calls get_weather for Paris, its input streamed as `inputJson`. */
function toolCallReply(id: string, inputJson = '{"city": "Paris"}'): RawMessageStreamEvent[] {
  return [
    events.messageStart(id),
    events.toolUseStart(0, 'call-1', 'get_weather'),
    events.delta(0, { type: 'input_json_delta', partial_json: inputJson }),
    events.blockStop(0),
    events.messageDelta('tool_use'),
    events.messageStop(),
  ];
}

/** Sends a request for `messages` through `threads` and reads the reply `reply` to its end. */
async function exchange(
  threads: ReturnType<typeof createTestThreads>,
  messages: MessageParam[],
  reply: RawMessageStreamEvent[],
  system?: string,
) {
  const request = threads.start({ params: paramsOf(messages, system), conversation: messages });
  for await (const _event of request.watch(toEventStream(reply))) {
    // Read to the end, as the provider's parser does.
  }
  return request.params;
}

describe('createAnthropicThreads', () => {
  it('continues from a reply with the messages after it, once', async () => {
    const threads = createTestThreads();
    await exchange(threads, [question], toolCallReply('msg_1'));

    const next = threads.start({
      params: paramsOf([question, toolCall, toolResult]),
      conversation: [question, toolCall, toolResult],
    });
    const again = threads.start({
      params: paramsOf([question, toolCall, toolResult]),
      conversation: [question, toolCall, toolResult],
    });

    expect(next.params.thread).toEqual({ type: 'continue', previous_message_id: 'msg_1' });
    // A tool result of one text block goes as its text: the same message, fewer bytes.
    expect(next.params.messages).toEqual([toolResult]);
    expect(next.params).not.toHaveProperty('system');
    // A reply is continued once; another request for the same conversation starts a thread of its own.
    expect(again.params.thread).toEqual({ type: 'create' });
    expect(again.params.messages).toHaveLength(3);
  });

  it('sends the new messages as converted, with their cache breakpoints', async () => {
    const threads = createTestThreads();
    await exchange(threads, [question], toolCallReply('msg_1'));
    const marked: MessageParam = {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'call-1',
          content: 'Sunny',
          cache_control: { type: 'ephemeral' },
        },
        { type: 'text', text: '[Round 2] Answer now.', cache_control: { type: 'ephemeral' } },
      ],
    };
    const image: MessageParam = {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'call-1',
          content: [
            { type: 'text', text: 'A map:', cache_control: { type: 'ephemeral' } },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
          ],
        },
      ],
    };

    const compact = threads.start({
      params: paramsOf([question, toolCall, marked]),
      conversation: [question, toolCall, toolResult],
    });
    await exchange(threads, [question], toolCallReply('msg_2'));
    const withImage = threads.start({
      params: paramsOf([question, toolCall, image]),
      conversation: [question, toolCall, toolResult],
    });

    expect(compact.params.messages).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'call-1',
            content: 'Sunny',
            cache_control: { type: 'ephemeral' },
          },
          { type: 'text', text: '[Round 2] Answer now.', cache_control: { type: 'ephemeral' } },
        ],
      },
    ]);
    expect(withImage.params.messages).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'call-1',
            content: [
              { type: 'text', text: 'A map:', cache_control: { type: 'ephemeral' } },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
            ],
          },
        ],
      },
    ]);
  });

  it('sends a message of one text block without a breakpoint as its text, in a create and in a continue', async () => {
    const threads = createTestThreads();
    const marked: MessageParam = {
      role: 'user',
      content: [{ type: 'text', text: 'Weather in Paris?', cache_control: { type: 'ephemeral' } }],
    };
    const create = threads.start({ params: paramsOf([question]), conversation: [question] });
    const createMarked = threads.start({ params: paramsOf([marked]), conversation: [question] });
    await exchange(threads, [question], toolCallReply('msg_1'));
    const followUp: MessageParam = { role: 'user', content: [{ type: 'text', text: 'And Lyon?' }] };
    const next = threads.start({
      params: paramsOf([question, toolCall, toolResult, followUp]),
      conversation: [question, toolCall, toolResult, followUp],
    });

    // The API reads string content as one text block: the same message, fewer bytes.
    expect(create.params.messages).toEqual([{ role: 'user', content: 'Weather in Paris?' }]);
    // A breakpoint needs the block form.
    expect(createMarked.params.messages).toEqual([marked]);
    expect(next.params.thread).toEqual({ type: 'continue', previous_message_id: 'msg_1' });
    expect(next.params.messages).toEqual([toolResult, { role: 'user', content: 'And Lyon?' }]);
  });

  it('does not continue when nothing follows the reply, or the reply was not the one received', async () => {
    const threads = createTestThreads();
    await exchange(threads, [question], toolCallReply('msg_1'));
    const otherCall: MessageParam = {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'call-1', name: 'get_weather', input: { city: 'Lyon' } }],
    };

    const endsWithReply = threads.start({
      params: paramsOf([question, toolCall]),
      conversation: [question, toolCall],
    });
    const otherReply = threads.start({
      params: paramsOf([question, otherCall, toolResult]),
      conversation: [question, otherCall, toolResult],
    });

    expect(endsWithReply.params.thread).toEqual({ type: 'create' });
    expect(otherReply.params.thread).toEqual({ type: 'create' });
  });

  it('does not continue after an earlier message was edited in place, whichever message it was', async () => {
    for (const edited of ['question', 'reply'] as const) {
      const threads = createTestThreads();
      const text = { type: 'text' as const, text: 'Weather in Paris?' };
      const call = { type: 'tool_use' as const, id: 'call-1', name: 'get_weather', input: { city: 'Paris' } };
      const asked: MessageParam = { role: 'user', content: [text] };
      const called: MessageParam = { role: 'assistant', content: [call] };
      await exchange(threads, [asked], toolCallReply('msg_1'));
      // Asked once more as it is, so that what a request remembers of each message is in use.
      const unchanged = threads.start({
        params: paramsOf([asked, called, toolResult]),
        conversation: [asked, called, toolResult],
      });
      expect(unchanged.params.thread).toEqual({ type: 'continue', previous_message_id: 'msg_1' });
      unchanged.release();

      if (edited === 'question') text.text = 'Weather in Lyon?';
      else call.input.city = 'Lyon';
      const next = threads.start({
        params: paramsOf([asked, called, toolResult]),
        conversation: [asked, called, toolResult],
      });

      expect(next.params.thread, edited).toEqual({ type: 'create' });
    }
  });

  it.each([
    ['', ['c2lnbm', 'F0dXJl']],
    ['c2ln', ['bmF0', 'dXJl']],
  ])(
    'continues from a reply whose signature came as %j then %j, joined as the parser joins them',
    async (startSignature, signatureDeltas) => {
      const threads = createTestThreads();
      await exchange(
        threads,
        [question],
        [
          events.messageStart('msg_1'),
          events.blockStart(0, { type: 'thinking', thinking: '', signature: startSignature }),
          events.delta(0, { type: 'thinking_delta', thinking: 'Look it up.' }),
          ...signatureDeltas.map((signature) => events.delta(0, { type: 'signature_delta', signature })),
          events.blockStop(0),
          events.toolUseStart(1, 'call-1', 'get_weather'),
          events.delta(1, { type: 'input_json_delta', partial_json: '{"city": "Paris"}' }),
          events.blockStop(1),
          events.messageDelta('tool_use'),
          events.messageStop(),
        ],
      );
      const reply: MessageParam = {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Look it up.', signature: 'c2lnbmF0dXJl' },
          { type: 'tool_use', id: 'call-1', name: 'get_weather', input: { city: 'Paris' } },
        ],
      };

      const next = threads.start({
        params: paramsOf([question, reply, toolResult]),
        conversation: [question, reply, toolResult],
      });

      expect(next.params.thread).toEqual({ type: 'continue', previous_message_id: 'msg_1' });
    },
  );

  it('does not continue with another system prompt, and ignores cache breakpoints when comparing', async () => {
    const threads = createTestThreads();
    await exchange(threads, [question], toolCallReply('msg_1'), 'Be brief.');
    const marked = paramsOf([question, toolCall, toolResult]);
    marked.system = [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }];

    const changed = threads.start({
      params: paramsOf([question, toolCall, toolResult], 'Be thorough.'),
      conversation: [question, toolCall, toolResult],
    });
    const same = threads.start({ params: marked, conversation: [question, toolCall, toolResult] });

    expect(changed.params.thread).toEqual({ type: 'create' });
    expect(same.params.thread).toEqual({ type: 'continue', previous_message_id: 'msg_1' });
  });

  it('keeps no reply whose tool input is not JSON, that a fallback model wrote, or that was refused', async () => {
    const threads = createTestThreads();
    const conversation = [question, toolCall, toolResult];
    const fallbackDelta = events.messageDelta('tool_use');
    Object.assign((fallbackDelta as { usage: object }).usage, { iterations: [{ type: 'fallback_message' }] });
    const fallback = toolCallReply('msg_2');
    fallback[4] = fallbackDelta;
    const refused = toolCallReply('msg_3');
    refused[4] = events.messageDelta('refusal');

    await exchange(threads, [question], toolCallReply('msg_1', '{"city": "Par'));
    const afterBrokenInput = threads.start({ params: paramsOf(conversation), conversation });
    await exchange(threads, [question], fallback);
    const afterFallback = threads.start({ params: paramsOf(conversation), conversation });
    await exchange(threads, [question], refused);
    const afterRefusal = threads.start({ params: paramsOf(conversation), conversation });

    expect([afterBrokenInput, afterFallback, afterRefusal].map((request) => request.params.thread)).toEqual([
      { type: 'create' },
      { type: 'create' },
      { type: 'create' },
    ]);
  });

  it('keeps a reply whose tool call streamed no input as the empty object', async () => {
    const threads = createTestThreads();
    const noInputCall: MessageParam = {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'call-1', name: 'get_weather', input: {} }],
    };
    await exchange(threads, [question], toolCallReply('msg_1', ''));

    const next = threads.start({
      params: paramsOf([question, noInputCall, toolResult]),
      conversation: [question, noInputCall, toolResult],
    });

    expect(next.params.thread).toEqual({ type: 'continue', previous_message_id: 'msg_1' });
  });

  it('forgets the oldest reply past 64 remembered', async () => {
    const threads = createTestThreads();
    const questions = Array.from({ length: 65 }, (_, index): MessageParam => ({
      role: 'user',
      content: `Question ${index}`,
    }));
    for (const [index, asked] of questions.entries())
      await exchange(threads, [asked], toolCallReply(`msg_${index}`));

    const [oldest, second] = [0, 1].map((index) => {
      const conversation = [questions[index]!, toolCall, toolResult];
      return threads.start({ params: paramsOf(conversation), conversation }).params.thread;
    });

    expect(oldest).toEqual({ type: 'create' });
    expect(second).toEqual({ type: 'continue', previous_message_id: 'msg_1' });
  });

  it('replays under a new thread after a lost-thread refusal of a continue, and only then', async () => {
    const threads = createTestThreads();
    await exchange(threads, [question], toolCallReply('msg_1'));
    const conversation = [question, toolCall, toolResult];
    const lost = (code: string) =>
      APIError.generate(
        404,
        { type: 'error', error: { type: 'not_found_error', message: 'lost', details: { error_code: code } } },
        'lost',
        new Headers(),
      );

    const continuing = threads.start({ params: paramsOf(conversation), conversation });
    const replay = continuing.replayAfter(lost('thread_not_found'));

    expect(replay?.params.thread).toEqual({ type: 'create' });
    expect(replay?.params.messages).toHaveLength(3);
    expect(replay?.replayAfter(lost('thread_not_found'))).toBeUndefined();
    expect(continuing.replayAfter(new Error('socket hang up'))).toBeUndefined();
    for (const code of [
      'thread_already_continued',
      'thread_continue_in_flight',
      'thread_fingerprint_mismatch',
    ]) {
      expect(continuing.replayAfter(lost(code))?.params.thread).toEqual({ type: 'create' });
    }
  });

  it('turns threads off for good when the server cannot thread a request', async () => {
    const threads = createAnthropicThreads();
    const unsupported = APIError.generate(
      400,
      {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: 'unsupported',
          details: { error_code: 'thread_unsupported_request', unsupported: ['cache_control'] },
        },
      },
      'unsupported',
      new Headers(),
    );

    expect(threads.turnOffAfter(new Error('socket hang up'))).toBeUndefined();
    expect(threads.start({ params: paramsOf([question]), conversation: [question] })).toBeDefined();
    expect(threads.turnOffAfter(unsupported)).toEqual({ unsupported: ['cache_control'] });
    expect(threads.start({ params: paramsOf([question]), conversation: [question] })).toBeUndefined();
  });
});
