import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeLlm } from './create-fake-llm.js';

// The structured-output fields the fake refuses as the real APIs do, each sent through the real SDK.
const fake = createFakeLlm();

beforeAll(() => {
  fake.listen();
});
afterAll(() => fake.close());

const closed = {
  type: 'object',
  properties: { total: { type: 'number' } },
  required: ['total'],
  additionalProperties: false,
};

/** Sends one Messages API request with this `output_config`; the error when the fake refuses it. */
async function sendAnthropic(id: string, outputConfig: unknown) {
  const route = fake.script(id, [{ text: '{"total":1}' }]);
  const client = new Anthropic({
    apiKey: 'test',
    baseURL: `http://fake-llm.test/script/${id}`,
    maxRetries: 0,
  });
  const sent = client.messages.create({
    model: 'claude-sonnet-4-6',
    max_tokens: 256,
    messages: [{ role: 'user', content: 'Total?' }],
    output_config: outputConfig as Anthropic.OutputConfig,
  });
  const error = await sent.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  return { route, error };
}

/** Sends one chat completions request with this `response_format`; the error when the fake refuses it. */
async function sendOpenAI(id: string, responseFormat: unknown) {
  const route = fake.script(id, [{ text: '{"total":1}' }]);
  const client = new OpenAI({
    apiKey: 'test',
    baseURL: `http://fake-llm.test/script/${id}/v1`,
    maxRetries: 0,
  });
  const sent = client.chat.completions.create({
    model: 'gpt-5',
    messages: [{ role: 'user', content: 'Total?' }],
    response_format: responseFormat as OpenAI.ResponseFormatJSONSchema,
  });
  const error = await sent.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  return { route, error };
}

describe('output_config.format, through @anthropic-ai/sdk', () => {
  it('takes a json_schema format whose objects all close additionalProperties', async () => {
    const { route, error } = await sendAnthropic('anthropic-valid', {
      format: { type: 'json_schema', schema: closed },
    });

    expect(error).toBeUndefined();
    expect(route.violations).toEqual([]);
    expect(route.requests).toHaveLength(1);
  });

  it.each([
    [
      'an object without additionalProperties: false',
      {
        type: 'object',
        properties: { line: { type: 'object', properties: {} } },
        additionalProperties: false,
      },
      "output_config.format.schema: For 'object' type, 'additionalProperties' must be explicitly set to false",
    ],
    [
      'additionalProperties: true',
      { type: 'object', properties: {}, additionalProperties: true },
      "output_config.format.schema: For 'object' type, 'additionalProperties: true' is not supported. Please set 'additionalProperties' to false",
    ],
  ])(
    'refuses a schema with %s: 400 invalid_request_error, taking no step',
    async (_what, schema, message) => {
      const { route, error } = await sendAnthropic(`anthropic-${message.length}`, {
        format: { type: 'json_schema', schema },
      });

      expect(error).toBeInstanceOf(Anthropic.BadRequestError);
      expect((error as InstanceType<typeof Anthropic.BadRequestError>).error).toEqual({
        type: 'error',
        error: { type: 'invalid_request_error', message },
      });
      expect(route.requests).toHaveLength(0);
      expect(route.remainingSteps).toBe(1);
      expect(route.violations.map((violation) => [violation.type, violation.message])).toEqual([
        [
          'invalid-request',
          expect.stringMatching(
            /^The real API refuses this request \(fake LLM rule messages\/output-format\): /u,
          ),
        ],
      ]);
      expect(route.violations[0]?.message.endsWith(`): ${message}`)).toBe(true);
    },
  );

  it('refuses a format that is not json_schema, naming the field', async () => {
    const { error } = await sendAnthropic('anthropic-type', { format: { type: 'json', schema: closed } });

    expect((error as Error).message).toContain("output_config.format.type: Input should be 'json_schema'");
  });
});

describe('response_format, through the openai SDK', () => {
  it('takes a strict json_schema whose objects close additionalProperties and require every property', async () => {
    const { route, error } = await sendOpenAI('openai-valid', {
      type: 'json_schema',
      json_schema: { name: 'invoice', schema: closed, strict: true },
    });

    expect(error).toBeUndefined();
    expect(route.violations).toEqual([]);
  });

  it('takes a loose schema when strict is off', async () => {
    const { error } = await sendOpenAI('openai-loose', {
      type: 'json_schema',
      json_schema: { name: 'invoice', schema: { type: 'object', properties: { total: {} } } },
    });

    expect(error).toBeUndefined();
  });

  it.each([
    [
      'no name',
      { schema: closed },
      {
        message: "Missing required parameter: 'response_format.json_schema.name'.",
        param: 'response_format.json_schema.name',
        code: 'missing_required_parameter',
      },
    ],
    [
      'a name with spaces',
      { name: 'my invoice', schema: closed },
      {
        message:
          "Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
        param: 'response_format.json_schema.name',
        code: 'invalid_value',
      },
    ],
    [
      'strict with an open nested object',
      {
        name: 'invoice',
        strict: true,
        schema: { ...closed, properties: { lines: { type: 'object', properties: {} } }, required: ['lines'] },
      },
      {
        message:
          "Invalid schema for response_format 'invoice': In context=('properties', 'lines'), 'additionalProperties' is required to be supplied and to be false.",
        param: 'response_format',
        code: null,
      },
    ],
    [
      'strict with a property left out of required',
      { name: 'invoice', strict: true, schema: { ...closed, required: [] } },
      {
        message:
          "Invalid schema for response_format 'invoice': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'total'.",
        param: 'response_format',
        code: null,
      },
    ],
  ])('refuses %s: 400 invalid_request_error with its param and code', async (what, jsonSchema, expected) => {
    const { route, error } = await sendOpenAI(`openai-${what.replaceAll(' ', '-')}`, {
      type: 'json_schema',
      json_schema: jsonSchema,
    });

    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).error).toEqual({
      type: 'invalid_request_error',
      ...expected,
    });
    expect(route.requests).toHaveLength(0);
    expect(route.violations.map((violation) => violation.type)).toEqual(['invalid-request']);
  });
});
