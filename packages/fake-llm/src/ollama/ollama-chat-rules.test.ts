import { describe, expect, it } from 'vitest';
import { describeRefusals, type RefusalCase } from '../../test/describe-refusals.js';
import { createFakeLlm } from '../create-fake-llm.js';

const path = '/api/chat';
const weather = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'The weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};
const question = { role: 'user', content: 'What is the weather in Paris?' };
const valid = { path, body: { model: 'qwen3:8b', messages: [question], stream: false } };

const cases: RefusalCase[] = [
  {
    name: "a message's content as a list of parts",
    rule: 'ollama/definition',
    path,
    body: { model: 'qwen3', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] },
    expected: {
      status: 400,
      message:
        'json: cannot unmarshal array into Go struct field ChatRequest.messages.content of type string',
    },
  },
  {
    name: 'a message that is no object',
    rule: 'ollama/definition',
    path,
    body: { model: 'qwen3', messages: ['Hi'] },
    expected: {
      status: 400,
      message: 'json: cannot unmarshal string into Go struct field ChatRequest.messages of type api.Message',
    },
  },
  {
    name: 'tool-call arguments sent back as a JSON string (the chat completions form)',
    rule: 'ollama/definition',
    path,
    body: {
      model: 'qwen3',
      messages: [
        question,
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
        },
        { role: 'tool', content: 'Sunny.', tool_name: 'get_weather' },
      ],
    },
    expected: { status: 400, message: "Value looks like object, but can't find closing '}' symbol" },
  },
  {
    name: 'a think level Ollama does not know',
    rule: 'ollama/definition',
    path,
    body: { model: 'gpt-oss:20b', messages: [question], think: 'maximal' },
    expected: {
      status: 400,
      message: 'invalid think value: "maximal" (must be "high", "medium", "low", "max", true, or false)',
    },
  },
  {
    name: 'stream as a string',
    rule: 'ollama/definition',
    path,
    body: { model: 'qwen3', messages: [question], stream: 'no' },
    expected: {
      status: 400,
      message: 'json: cannot unmarshal string into Go struct field ChatRequest.stream of type bool',
    },
  },
  {
    name: 'a body that is no JSON object',
    rule: 'ollama/definition',
    path,
    body: [question],
    expected: { status: 400, message: 'json: cannot unmarshal array into Go value of type api.ChatRequest' },
  },
  {
    name: 'top_logprobs above 20',
    rule: 'ollama/top-logprobs',
    path,
    body: { model: 'qwen3', messages: [question], logprobs: true, top_logprobs: 21 },
    expected: { status: 400, message: 'top_logprobs must be between 0 and 20' },
  },
  {
    name: 'no model',
    rule: 'ollama/model-required',
    path,
    body: { messages: [question] },
    expected: { status: 400, message: 'model is required' },
  },
  {
    name: 'a model that is not pulled',
    rule: 'ollama/model-not-found',
    path,
    body: { model: 'llama9:70b', messages: [question] },
    expected: { status: 404, message: "model 'llama9:70b' not found" },
  },
  {
    name: 'think on a model that does not think',
    rule: 'ollama/thinking-unsupported',
    path,
    body: { model: 'llama3.2', messages: [question], think: true },
    expected: { status: 400, message: '"llama3.2" does not support thinking' },
  },
  {
    name: 'tools for a model without tool support',
    rule: 'ollama/tools-unsupported',
    path,
    body: { model: 'gemma3:4b', messages: [question], tools: [weather] },
    expected: { status: 400, message: 'registry.ollama.ai/library/gemma3:4b does not support tools' },
  },
];

describeRefusals({ title: "Ollama's POST /api/chat refuses what Ollama refuses", cases, valid });

describe("what Ollama's server takes", () => {
  it.each([
    ['an unknown field', { model: 'qwen3', messages: [question], temperature: 0.2 }],
    ['no messages (a model load)', { model: 'qwen3' }],
    [
      'think: false on a model that does not think',
      { model: 'llama3.2', messages: [question], think: false },
    ],
    [
      'a role Ollama does not know',
      { model: 'qwen3', messages: [{ role: 'developer', content: 'Be brief.' }] },
    ],
    [
      'an assistant message sent back without its thinking',
      {
        model: 'qwen3',
        messages: [
          question,
          {
            role: 'assistant',
            content: '',
            tool_calls: [{ function: { name: 'get_weather', arguments: {} } }],
          },
          { role: 'tool', content: 'Sunny.', tool_name: 'get_weather' },
        ],
        tools: [weather],
        think: true,
      },
    ],
    ['tools for a model that takes them', { model: 'qwen3', messages: [question], tools: [weather] }],
  ])('takes %s', async (_name, body) => {
    const fake = createFakeLlm([{ text: 'Answered.' }]);
    try {
      const response = await fake.handle(
        new Request('http://fake-llm.test/api/chat', { method: 'POST', body: JSON.stringify(body) }),
      );
      expect(response.status).toBe(200);
      await response.text();
      expect(fake.violations).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it("serves a script's own model, holding it to the model it is like", async () => {
    const fake = createFakeLlm({
      models: [{ id: 'my-gemma:latest', like: 'gemma3' }],
      steps: [{ text: 'Answered.' }],
    });
    try {
      const ask = (tools: unknown[]) =>
        fake.handle(
          new Request('http://fake-llm.test/api/chat', {
            method: 'POST',
            body: JSON.stringify({ model: 'my-gemma:latest', messages: [question], tools, stream: false }),
          }),
        );
      const refused = await ask([weather]);
      expect([refused.status, await refused.json()]).toEqual([
        400,
        { error: 'registry.ollama.ai/library/my-gemma:latest does not support tools' },
      ]);
      expect((await ask([])).status).toBe(200);
    } finally {
      await fake.close();
    }
  });

  it('relaxes a rule by id, as for the other wires', async () => {
    const fake = createFakeLlm([{ text: 'Answered.' }], {
      strictness: { relax: ['ollama/model-not-found'] },
    });
    try {
      const response = await fake.handle(
        new Request('http://fake-llm.test/api/chat', {
          method: 'POST',
          body: JSON.stringify({ model: 'my-own-model', messages: [question], stream: false }),
        }),
      );
      expect(response.status).toBe(200);
      expect(fake.violations).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
