import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeLlm } from './create-fake-llm.js';

const fake = createFakeLlm();
const model = 'claude-sonnet-4-6';

/** An SDK client whose requests go to one of the fake's scripts. */
function createClient(scriptId: string, options: { maxRetries?: number } = {}): Anthropic {
  return new Anthropic({
    apiKey: 'test',
    baseURL: `http://fake-llm.test/script/${scriptId}`,
    ...options,
  });
}

const weatherTool = {
  name: 'get_weather',
  description: 'Weather for a city',
  input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } },
};

beforeAll(() => {
  fake.listen();
});
afterAll(() => fake.close());

describe('the real SDK parses a scripted stream', () => {
  const toolStep = {
    thinking: 'The user wants the weather in Paris, so I call the tool.',
    text: 'Let me check the weather in Paris for you.',
    toolCalls: [{ name: 'get_weather', input: { city: 'Paris', units: ['celsius'], detailed: true } }],
    usage: { inputTokens: 120, outputTokens: 45 },
  };

  it('through messages.stream() and finalMessage()', async () => {
    fake.script('sdk-stream', [toolStep]);
    const stream = createClient('sdk-stream').messages.stream({
      model,
      max_tokens: 2048,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      tools: [weatherTool],
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
    });
    const thinkingDeltas: string[] = [];
    stream.on('thinking', (delta) => thinkingDeltas.push(delta));
    const message = await stream.finalMessage();
    expect(thinkingDeltas.length).toBeGreaterThan(1);
    expect(message).toEqual({
      id: 'msg_fake_sdk-stream_1',
      type: 'message',
      role: 'assistant',
      model,
      content: [
        {
          type: 'thinking',
          thinking: toolStep.thinking,
          signature: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/u) as string,
        },
        { type: 'text', text: toolStep.text },
        {
          type: 'tool_use',
          id: 'toolu_fake_sdk-stream_1_1',
          name: 'get_weather',
          input: { city: 'Paris', units: ['celsius'], detailed: true },
        },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: {
        input_tokens: 120,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: 45,
        service_tier: 'standard',
      },
      parsed_output: null,
    });
  });

  it('through messages.create({ stream: true }), event by event', async () => {
    fake.script('sdk-create', [toolStep]);
    const stream = await createClient('sdk-create').messages.create({
      model,
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      stream: true,
    });
    const deltaTypes = new Set<string>();
    let signature = '';
    let inputJson = '';
    let stopReason: string | null = null;
    for await (const event of stream) {
      if (event.type === 'content_block_delta') {
        deltaTypes.add(event.delta.type);
        if (event.delta.type === 'signature_delta') signature = event.delta.signature;
        if (event.delta.type === 'input_json_delta') inputJson += event.delta.partial_json;
      }
      if (event.type === 'message_delta') stopReason = event.delta.stop_reason;
    }
    expect([...deltaTypes]).toEqual(['thinking_delta', 'signature_delta', 'text_delta', 'input_json_delta']);
    expect(signature).not.toBe('');
    expect(JSON.parse(inputJson)).toEqual(toolStep.toolCalls[0]?.input);
    expect(stopReason).toBe('tool_use');
  });

  it('through a non-streaming messages.create()', async () => {
    fake.script('sdk-json', [{ text: 'Plain answer.', stopReason: 'max_tokens' }]);
    const message = await createClient('sdk-json').messages.create({
      model,
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'Plain answer.' }]);
    expect(message.stop_reason).toBe('max_tokens');
  });

  it('a tool call with invalid JSON arguments arrives as the raw text', async () => {
    fake.script('sdk-raw', [{ toolCalls: [{ name: 'get_weather', rawInput: '{"city": "Par' }] }]);
    const stream = await createClient('sdk-raw').messages.create({
      model,
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    });
    let inputJson = '';
    for await (const event of stream) {
      if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') {
        inputJson += event.delta.partial_json;
      }
    }
    expect(inputJson).toBe('{"city": "Par');
  });
});

describe('faults, as the SDK sees them', () => {
  it('529 with retry-after: 0, then success, through the SDK default retries', async () => {
    const route = fake.script('overloaded', [
      { error: { status: 529, type: 'overloaded_error', message: 'Overloaded', retryAfter: 0 } },
      { text: 'Back again.' },
    ]);
    const message = await createClient('overloaded')
      .messages.stream({ model, max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] })
      .finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: 'Back again.' }]);
    expect(route.requests.map((request) => request.headers['x-stainless-retry-count'])).toEqual(['0', '1']);
  });

  it('a truncated stream makes the SDK throw instead of hanging', async () => {
    const route = fake.script('truncated', [{ text: 'This answer is cut.', truncate: { afterEvents: 4 } }]);
    const stream = createClient('truncated').messages.stream({
      model,
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    await expect(stream.finalMessage()).rejects.toThrow(/message_stop|ended/u);
    expect(route.streams[0]).toMatchObject({ status: 'truncated', eventsSent: 4, clientAborted: false });
  });

  it('a hang ends cleanly when the client aborts', async () => {
    const route = fake.script('hang', [{ hang: true }]);
    const stream = createClient('hang').messages.stream({
      model,
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    stream.on('connect', () => {
      stream.abort();
    });
    await expect(stream.finalMessage()).rejects.toThrow(/abort/iu);
    await fake.waitForIdle();
    expect(route.streams[0]).toMatchObject({ status: 'aborted', eventsSent: 0, clientAborted: true });
  });

  it('a request after the script ran out gets the named 500, which the SDK does not retry', async () => {
    const route = fake.script('exhausted', { name: 'one step only', steps: [] });
    const failure = createClient('exhausted').messages.create({
      model,
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    await expect(failure).rejects.toThrow(/one step only.*request 1 \(index 0\)/u);
    expect(route.requests).toHaveLength(1);
  });
});

describe('concurrent scripts on one msw server', () => {
  it('answers many SDK conversations at once, each from its own script, thinking echoed', async () => {
    const ids = Array.from({ length: 12 }, (_, index) => `concurrent-${index}`);
    for (const id of ids) {
      fake.script(id, [
        {
          thinking: `Thinking for ${id}.`,
          toolCalls: [{ name: 'get_weather', input: { city: id } }],
          chunkDelayMs: 1,
        },
        { text: `Answer for ${id}.`, expectTools: ['get_weather'] },
      ]);
    }
    const answers = await Promise.all(
      ids.map(async (id) => {
        const client = createClient(id);
        const question = { role: 'user' as const, content: 'Weather?' };
        const first = await client.messages
          .stream({ model, max_tokens: 1024, tools: [weatherTool], messages: [question] })
          .finalMessage();
        const toolUse = first.content.find((block) => block.type === 'tool_use');
        const second = await client.messages
          .stream({
            model,
            max_tokens: 1024,
            tools: [weatherTool],
            messages: [
              question,
              { role: 'assistant', content: first.content },
              {
                role: 'user',
                content: [{ type: 'tool_result', tool_use_id: toolUse?.id ?? '', content: 'Sunny' }],
              },
            ],
          })
          .finalMessage();
        return second.content;
      }),
    );
    expect(answers).toEqual(ids.map((id) => [{ type: 'text', text: `Answer for ${id}.` }]));
    for (const id of ids) expect(fake.getScript(id).violations).toEqual([]);
    expect(fake.getScript('concurrent-3').requests).toHaveLength(2);
  });
});
