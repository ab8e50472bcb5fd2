import { describe, expect, it } from 'vitest';
import { describeRefusals, type RefusalCase } from '../../test/describe-refusals.js';
import { createFakeLlm } from '../create-fake-llm.js';
import type { FakeLlmOptions } from '../fake-llm-options.js';
import type { FakeLlmScript } from '../script/fake-llm-script.js';

const path = '/v1/chat/completions';
const question = { role: 'user', content: 'Weather in Paris?' };
const weatherTool = {
  type: 'function',
  function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
};
const toolCall = {
  id: 'call_1',
  type: 'function',
  function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
};
const valid = { path, body: { model: 'gpt-4o', messages: [question] } };

/** A chat completions body to gpt-4o asking the weather, with these fields on top. */
function createBody(fields: Record<string, unknown>): Record<string, unknown> {
  return { model: 'gpt-4o', messages: [question], ...fields };
}

const openAiCases: RefusalCase[] = [
  {
    name: 'model missing',
    rule: 'chat-completions/definition',
    path,
    body: { messages: [question] },
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: 'you must provide a model parameter',
      param: null,
      code: null,
    },
  },
  {
    name: 'messages: []',
    rule: 'chat-completions/definition',
    path,
    body: createBody({ messages: [] }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      param: 'messages',
      code: 'empty_array',
    },
  },
  {
    name: 'a message without a role',
    rule: 'chat-completions/definition',
    path,
    body: createBody({ messages: [{ content: 'Hi' }] }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: "Missing required parameter: 'messages[0].role'.",
      param: 'messages[0].role',
      code: 'missing_required_parameter',
    },
  },
  {
    name: 'an unknown role',
    rule: 'chat-completions/definition',
    path,
    body: createBody({ messages: [{ role: 'bot', content: 'Hi' }] }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        "Invalid value: 'bot'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.",
      param: 'messages[0].role',
      code: 'invalid_value',
    },
  },
  {
    name: 'an unknown content part type',
    rule: 'chat-completions/definition',
    path,
    body: createBody({ messages: [{ role: 'user', content: [{ type: 'foo', text: 'Hi' }] }] }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: "Invalid value: 'foo'. Supported values are: 'text', 'image_url', 'input_audio', and 'file'.",
      param: 'messages[0].content[0].type',
      code: 'invalid_value',
    },
  },
  {
    name: 'temperature above 2',
    rule: 'chat-completions/definition',
    path,
    body: createBody({ temperature: 3 }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        "Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got 3 instead.",
      param: 'temperature',
      code: 'decimal_above_max_value',
    },
  },
  {
    name: 'temperature below 0',
    rule: 'chat-completions/definition',
    path,
    body: createBody({ temperature: -0.5 }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        "Invalid 'temperature': decimal below minimum value. Expected a value >= 0, but got -0.5 instead.",
      param: 'temperature',
      code: 'decimal_below_min_value',
    },
  },
  {
    name: 'n below 1',
    rule: 'chat-completions/definition',
    path,
    body: createBody({ n: 0 }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: "Invalid 'n': integer below minimum value. Expected a value >= 1, but got 0 instead.",
      param: 'n',
      code: 'integer_below_min_value',
    },
  },
  {
    name: 'max_tokens as a string',
    rule: 'chat-completions/definition',
    path,
    body: createBody({ max_tokens: '100' }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: "Invalid type for 'max_tokens': expected an integer, but got a string instead.",
      param: 'max_tokens',
      code: 'invalid_type',
    },
  },
  {
    name: 'a safety_identifier over 64 characters',
    rule: 'chat-completions/definition',
    path,
    body: createBody({ safety_identifier: 'x'.repeat(70) }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        "Invalid 'safety_identifier': string too long. Expected a string with maximum length 64, but got a string with length 70 instead.",
      param: 'safety_identifier',
      code: 'string_above_max_length',
    },
  },
  {
    name: 'model: null',
    rule: 'chat-completions/definition',
    path,
    body: createBody({ model: null }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: "Invalid type for 'model': expected a string, but got null instead.",
      param: 'model',
      code: 'invalid_type',
    },
  },
  {
    name: 'a decimal seed',
    rule: 'chat-completions/definition',
    path,
    body: createBody({ seed: 1.5 }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: "Invalid type for 'seed': expected an integer, but got a decimal number instead.",
      param: 'seed',
      code: 'invalid_type',
    },
  },
  {
    name: 'an integer tool_choice',
    rule: 'chat-completions/definition',
    path,
    body: createBody({ tools: [weatherTool], tool_choice: 7 }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        "Invalid type for 'tool_choice': expected one of one of 'none', 'auto', or 'required' or object, but got an integer instead.",
      param: 'tool_choice',
      code: 'invalid_type',
    },
  },
  {
    name: 'content as a number',
    rule: 'chat-completions/definition',
    path,
    body: createBody({ messages: [{ role: 'user', content: 7 }] }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        "Invalid type for 'messages[0].content': expected one of a string or array of objects, but got an integer instead.",
      param: 'messages[0].content',
      code: 'invalid_type',
    },
  },
  {
    name: 'a user message whose content is null',
    rule: 'chat-completions/definition',
    path,
    body: createBody({ messages: [{ role: 'user', content: null }] }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: "Invalid value for 'content': expected a string, got null.",
      param: 'messages.[0].content',
      code: null,
    },
  },
  {
    name: 'a tool message without tool_call_id',
    rule: 'chat-completions/definition',
    path,
    body: createBody({
      tools: [weatherTool],
      messages: [question, { role: 'assistant', tool_calls: [toolCall] }, { role: 'tool', content: 'Sunny' }],
    }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'.",
      param: 'messages.[2].tool_call_id',
      code: null,
    },
  },
  {
    name: 'a function name outside ^[a-zA-Z0-9_-]+$',
    rule: 'chat-completions/function-name',
    path,
    body: createBody({
      tools: [weatherTool, { type: 'function', function: { name: 'get weather!', parameters: {} } }],
    }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        "Invalid 'tools[1].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
      param: 'tools[1].function.name',
      code: 'invalid_value',
    },
  },
  {
    name: 'a function name over 64 characters',
    rule: 'chat-completions/function-name',
    path,
    body: createBody({ tools: [{ type: 'function', function: { name: 'a'.repeat(70), parameters: {} } }] }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        "Invalid 'tools[0].function.name': string too long. Expected a string with maximum length 64, but got a string with length 70 instead.",
      param: 'tools[0].function.name',
      code: 'string_above_max_length',
    },
  },
  {
    name: 'an unknown top-level field',
    rule: 'chat-completions/unknown-field',
    path,
    body: createBody({ foo: 1 }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: 'Unrecognized request argument supplied: foo',
      param: null,
      code: null,
    },
  },
  {
    name: 'two unknown top-level fields',
    rule: 'chat-completions/unknown-field',
    path,
    body: createBody({ top_k: 3, thinking: { type: 'enabled' } }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: 'Unrecognized request arguments supplied: thinking, top_k',
      param: null,
      code: null,
    },
  },
  {
    name: 'an unknown model',
    rule: 'chat-completions/unknown-model',
    path,
    body: createBody({ model: 'gpt-test' }),
    expected: {
      status: 404,
      type: 'invalid_request_error',
      message: 'The model `gpt-test` does not exist or you do not have access to it.',
      param: null,
      code: 'model_not_found',
    },
  },
  {
    name: 'max_completion_tokens above the model’s output limit',
    rule: 'chat-completions/max-output-tokens',
    path,
    body: createBody({ model: 'gpt-4o-mini', max_completion_tokens: 16_385 }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        'max_completion_tokens is too large: 16385. This model supports at most 16384 completion tokens, whereas you provided 16385.',
      param: 'max_completion_tokens',
      code: null,
    },
  },
  {
    name: 'a prompt past the model’s context window',
    rule: 'chat-completions/context-window',
    path,
    body: createBody({ model: 'gpt-4', messages: [{ role: 'user', content: 'word '.repeat(7_000) }] }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        /^This model's maximum context length is 8192 tokens\. However, your messages resulted in \d+ tokens\. Please reduce the length of the messages\.$/u,
      param: 'messages',
      code: 'context_length_exceeded',
    },
  },
  {
    name: 'max_tokens to a reasoning model',
    rule: 'chat-completions/reasoning-model-max-tokens',
    path,
    body: createBody({ model: 'gpt-5', max_tokens: 1000 }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      param: 'max_tokens',
      code: 'unsupported_parameter',
    },
  },
  {
    name: 'a temperature other than 1 to a reasoning model',
    rule: 'chat-completions/reasoning-model-temperature',
    path,
    body: createBody({ model: 'o3', temperature: 0.2 }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        "Unsupported value: 'temperature' does not support 0.2 with this model. Only the default (1) value is supported.",
      param: 'temperature',
      code: 'unsupported_value',
    },
  },
  {
    name: 'tool_choice: required with no tools',
    rule: 'chat-completions/tool-choice-without-tools',
    path,
    body: createBody({ tool_choice: 'required' }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
      param: 'tool_choice',
      code: null,
    },
  },
  {
    name: 'tool_choice naming a tool not offered',
    rule: 'chat-completions/tool-choice-function',
    path,
    body: createBody({
      tools: [weatherTool],
      tool_choice: { type: 'function', function: { name: 'search' } },
    }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        "Invalid value for 'tool_choice': the function 'search' is not among the 'tools' specified ('get_weather').",
      param: 'tool_choice',
      code: null,
    },
  },
  {
    name: 'stream_options without stream',
    rule: 'chat-completions/stream-options-without-stream',
    path,
    body: createBody({ stream_options: { include_usage: true } }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
      param: 'stream_options',
      code: null,
    },
  },
  {
    name: 'a tool message with no preceding tool_calls',
    rule: 'chat-completions/tool-message-without-tool-calls',
    path,
    body: createBody({
      tools: [weatherTool],
      messages: [question, { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' }],
    }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message:
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
      param: 'messages.[1].role',
      code: null,
    },
  },
];

describeRefusals({ title: 'chat completions requests OpenAI refuses', cases: openAiCases, valid });

describeRefusals({
  title: 'chat completions requests DeepSeek refuses',
  script: { dialect: 'deepseek' },
  valid,
  cases: [
    {
      name: 'a tool message with no preceding tool_calls',
      rule: 'chat-completions/tool-message-without-tool-calls',
      path,
      body: {
        model: 'deepseek-chat',
        messages: [question, { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' }],
      },
      expected: {
        status: 400,
        type: 'invalid_request_error',
        message: "Messages with role 'tool' must be a response to a preceding message with 'tool_calls'",
        param: null,
        code: 'invalid_request_error',
      },
    },
  ],
});

/** Sends one body to a fresh fake with this script; returns the status and the violations. */
async function send(options: {
  script: Omit<FakeLlmScript, 'steps'>;
  body: unknown;
  fakeOptions?: FakeLlmOptions;
}) {
  const fake = createFakeLlm({ ...options.script, steps: [{ text: 'Answered.' }] }, options.fakeOptions);
  const response = await fake.handle(
    new Request(`http://fake-llm.test${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(options.body),
    }),
  );
  await response.text();
  return { status: response.status, violations: fake.violations };
}

describe('what the other servers take', () => {
  it("deepseek: takes DeepSeek's own thinking field and a model OpenAI does not serve", async () => {
    const result = await send({
      script: { dialect: 'deepseek' },
      body: { model: 'deepseek-reasoner', messages: [question], thinking: { type: 'enabled' } },
    });
    expect(result).toEqual({ status: 200, violations: [] });
  });

  it("ollama: takes Ollama's own think field and any pulled model", async () => {
    const result = await send({
      script: { dialect: 'ollama' },
      body: { model: 'qwen3:8b', messages: [question], think: true, top_k: 20 },
    });
    expect(result).toEqual({ status: 200, violations: [] });
  });

  it("the XML tool format: takes its text-only model, which OpenAI's list never names", async () => {
    const result = await send({
      script: { toolFormat: 'xml' },
      body: { model: 'text-only-model', messages: [question] },
    });
    expect(result).toEqual({ status: 200, violations: [] });
  });

  it('openai: counts an image sent as a data URL by its tokens, not by its data', async () => {
    const image = { type: 'image_url', image_url: { url: `data:image/png;base64,${'A'.repeat(600_000)}` } };
    const result = await send({
      script: {},
      body: {
        model: 'gpt-4o',
        messages: [{ role: 'user', content: [image, { type: 'text', text: 'What is it?' }] }],
      },
    });
    expect(result).toEqual({ status: 200, violations: [] });
  });

  it.each([
    ['gpt-5.1', undefined, 200],
    ['gpt-5.1', 'none', 200],
    ['gpt-5.1', 'medium', 400],
    ['gpt-5', undefined, 400],
  ])('openai: %s with reasoning_effort %s and temperature 0.2 answers %i', async (model, effort, status) => {
    const result = await send({
      script: {},
      body: {
        model,
        messages: [question],
        temperature: 0.2,
        ...(effort === undefined ? {} : { reasoning_effort: effort }),
      },
    });
    expect(result.status).toBe(status);
  });

  it('openai: counts a PDF and audio by their tokens, not by their data, and reports them so in usage', async () => {
    const pdf = `%PDF-1.7\n3 0 obj << /Type /Page >>\n4 0 obj << /Type /PageLabel >>\n${'%'.repeat(900_000)}`;
    const file = {
      type: 'file',
      file: {
        filename: 'a.pdf',
        file_data: `data:application/pdf;base64,${Buffer.from(pdf).toString('base64')}`,
      },
    };
    const audio = { type: 'input_audio', input_audio: { format: 'wav', data: 'A'.repeat(600_000) } };
    const image = { type: 'image_url', image_url: { url: `data:image/png;base64,${'A'.repeat(600_000)}` } };
    const fake = createFakeLlm({ steps: [{ text: 'Read.' }] });
    const response = await fake.handle(
      new Request(`http://fake-llm.test${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'gpt-4o',
          messages: [{ role: 'user', content: [file, audio, image] }],
        }),
      }),
    );
    const answer = (await response.json()) as { usage: { prompt_tokens: number } };
    expect(response.status).toBe(200);
    // One page (a PageLabel is no page) of 2500 tokens, about 94 s of audio at ten a second, an image of 1600.
    expect(answer.usage.prompt_tokens).toBeGreaterThan(4000);
    expect(answer.usage.prompt_tokens).toBeLessThan(6000);
  });

  it('openai: takes temperature and max_tokens on a model that does not reason', async () => {
    const result = await send({
      script: {},
      body: { model: 'gpt-4o', messages: [question], temperature: 0.2, max_tokens: 100 },
    });
    expect(result).toEqual({ status: 200, violations: [] });
  });

  it('openai: takes a model the script adds', async () => {
    const result = await send({
      script: { models: [{ id: 'ft:gpt-4o-mini:acme::weather', like: 'gpt-4o-mini' }] },
      body: { model: 'ft:gpt-4o-mini:acme::weather', messages: [question] },
    });
    expect(result).toEqual({ status: 200, violations: [] });
  });
});

describe('strictness.relax', () => {
  it('lets a request through the one rule it names', async () => {
    const result = await send({
      script: {},
      body: createBody({ top_k: 3 }),
      fakeOptions: { strictness: { relax: ['chat-completions/unknown-field'] } },
    });
    expect(result).toEqual({ status: 200, violations: [] });
  });

  it('keeps every other rule', async () => {
    const result = await send({
      script: {},
      body: createBody({ top_k: 3, model: 'gpt-test' }),
      fakeOptions: { strictness: { relax: ['chat-completions/unknown-field'] } },
    });
    expect(result.status).toBe(404);
  });

  it('silences a reporting rule by its id', async () => {
    const fake = createFakeLlm(
      {
        dialect: 'deepseek',
        steps: [{ thinking: 'Paris.', toolCalls: [{ name: 'get_weather' }] }, { text: 'Sunny.' }],
      },
      { strictness: { relax: ['chat-completions/reasoning-not-echoed'] } },
    );
    for (const messages of [
      [question],
      [
        question,
        { role: 'assistant', content: null, tool_calls: [{ ...toolCall, id: 'call_fake_default_1_1' }] },
        { role: 'tool', tool_call_id: 'call_fake_default_1_1', content: 'Sunny' },
      ],
    ]) {
      const response = await fake.handle(
        new Request(`http://fake-llm.test${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'deepseek-chat', messages }),
        }),
      );
      await response.text();
    }
    expect([fake.requests.length, fake.violations]).toEqual([2, []]);
  });
});
