import { expect, it } from 'vitest';
import { describeRefusals, type RefusalCase } from '../../test/describe-refusals.js';
import { createFakeLlm } from '../create-fake-llm.js';

const key = { 'x-goog-api-key': 'test-key' };
const flash = '/v1beta/models/gemini-2.5-flash:generateContent';
const gemini3 = '/v1beta/models/gemini-3-pro-preview:generateContent';
const ask = { role: 'user', parts: [{ text: 'Weather in Paris and Rome?' }] };
const weatherTool = {
  functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: { type: 'object' } }],
};
const call = (city: string, thoughtSignature?: string) => ({
  functionCall: { name: 'get_weather', args: { city } },
  ...(thoughtSignature === undefined ? {} : { thoughtSignature }),
});
const response = (city: string) => ({
  functionResponse: { name: 'get_weather', response: { output: `Sunny in ${city}.` } },
});
const signatureMessage =
  'Function call is missing a thought_signature in functionCall parts. This is required for tools to work ' +
  'correctly, and missing thought_signature may lead to degraded model performance. Additional data, function ' +
  'call `default_api:get_weather` , position 2. Please refer to ' +
  'https://ai.google.dev/gemini-api/docs/thought-signatures for more details.';

const cases: RefusalCase[] = [
  {
    name: 'a request without an API key',
    rule: 'gemini/api-key',
    path: flash,
    body: { contents: [ask] },
    expected: {
      status: 403,
      type: 'PERMISSION_DENIED',
      message:
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or " +
        'other form of API consumer identity to call this API.',
    },
  },
  {
    name: 'a model the API does not serve',
    rule: 'gemini/unknown-model',
    path: '/v1beta/models/gemini-1.0-pro:generateContent',
    headers: key,
    body: { contents: [ask] },
    expected: {
      status: 404,
      type: 'NOT_FOUND',
      message:
        'models/gemini-1.0-pro is not found for API version v1beta, or is not supported for generateContent. ' +
        'Call ListModels to see the list of available models and their supported methods.',
    },
  },
  {
    name: 'a top-level field the request does not have',
    rule: 'gemini/definition',
    path: flash,
    headers: key,
    body: { contents: [ask], messages: [] },
    expected: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message: 'Invalid JSON payload received. Unknown name "messages": Cannot find field.',
    },
  },
  {
    name: 'a top-level field named __proto__ (a field like any other, not the prototype)',
    rule: 'gemini/definition',
    path: flash,
    headers: key,
    body: { contents: [ask], ...(JSON.parse('{"__proto__":{"contents":[]}}') as object) },
    expected: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message: 'Invalid JSON payload received. Unknown name "__proto__": Cannot find field.',
    },
  },
  {
    name: 'a snake_case field under generation_config that the API does not have',
    rule: 'gemini/definition',
    path: flash,
    headers: key,
    body: { contents: [ask], generation_config: { max_tokens: 100 } },
    expected: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message: `Invalid JSON payload received. Unknown name "max_tokens" at 'generation_config': Cannot find field.`,
    },
  },
  {
    name: 'a function calling mode that is not listed',
    rule: 'gemini/definition',
    path: flash,
    headers: key,
    body: { contents: [ask], toolConfig: { functionCallingConfig: { mode: 'SOMETIMES' } } },
    expected: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message: `Invalid value at 'tool_config.function_calling_config.mode' (TYPE_ENUM), "SOMETIMES"`,
    },
  },
  {
    name: 'a thinking level for Gemini 2.5, which takes a budget',
    rule: 'gemini/thinking-level-unsupported',
    path: flash,
    headers: key,
    body: { contents: [ask], generationConfig: { thinkingConfig: { thinkingLevel: 'HIGH' } } },
    expected: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message: 'Thinking level is not supported for this model.',
    },
  },
  {
    name: 'a thinking budget of 0 for Gemini 2.5 Pro, which cannot stop thinking',
    rule: 'gemini/thinking-budget-range',
    path: '/v1beta/models/gemini-2.5-pro:generateContent',
    headers: key,
    body: { contents: [ask], generationConfig: { thinkingConfig: { thinkingBudget: 0 } } },
    expected: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message: 'The model does not support setting thinking_budget to 0.',
    },
  },
  {
    name: 'a thinking budget past what Gemini 2.5 Flash takes',
    rule: 'gemini/thinking-budget-range',
    path: flash,
    headers: key,
    body: { contents: [ask], generationConfig: { thinkingConfig: { thinkingBudget: 50_000 } } },
    expected: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message: 'The thinking budget 50000 is out of range: gemini-2.5-flash takes a budget from 1 to 24576.',
    },
  },
  {
    name: "an input past the model's context window",
    rule: 'gemini/context-window',
    path: flash,
    headers: key,
    body: { contents: [{ role: 'user', parts: [{ text: 'x'.repeat(4_200_000) }] }] },
    expected: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message:
        /^The input token count \(105\d{4}\) exceeds the maximum number of tokens allowed \(1048576\)\.$/u,
    },
  },
  {
    name: 'one function response for two function calls',
    rule: 'gemini/function-response-count',
    path: flash,
    headers: key,
    body: {
      contents: [
        ask,
        { role: 'model', parts: [call('Paris'), call('Rome')] },
        { role: 'user', parts: [response('Paris')] },
      ],
      tools: [weatherTool],
    },
    expected: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message:
        'Please ensure that the number of function response parts is equal to the number of function call parts ' +
        'of the function call turn.',
    },
  },
  {
    name: 'a content without parts',
    rule: 'gemini/part-data',
    path: flash,
    headers: key,
    body: { contents: [ask, { role: 'user', parts: [] }] },
    expected: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message: '* GenerateContentRequest.contents[1].parts: contents.parts must not be empty.\n',
    },
  },
  {
    name: 'a part without data',
    rule: 'gemini/part-data',
    path: flash,
    headers: key,
    body: { contents: [{ role: 'user', parts: [{ text: 'Hi.' }, {}] }] },
    expected: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message:
        "* GenerateContentRequest.contents[0].parts[1].data: required oneof field 'data' must have one initialized field\n",
    },
  },
  ...[
    {
      name: 'a user message right after function responses, with no model turn between',
      contents: [
        ask,
        { role: 'model', parts: [call('Paris')] },
        { role: 'user', parts: [response('Paris')] },
        { role: 'user', parts: [{ text: 'And Rome?' }] },
      ],
    },
    {
      name: 'a user message right after another, the answer between them left out',
      contents: [ask, { role: 'user', parts: [{ text: 'And Rome?' }] }],
    },
  ].map(({ name, contents }): RefusalCase => ({
    name,
    rule: 'gemini/alternating-roles',
    path: flash,
    headers: key,
    body: { contents, tools: [weatherTool] },
    expected: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message: 'Please ensure that multiturn requests alternate between user and model.',
    },
  })),
  {
    name: 'a Gemini 3 function call of the current turn sent back without its thought signature',
    rule: 'gemini/thought-signature',
    path: gemini3,
    headers: key,
    body: {
      contents: [
        ask,
        { role: 'model', parts: [call('Paris')] },
        { role: 'user', parts: [response('Paris')] },
      ],
      tools: [weatherTool],
    },
    expected: { status: 400, type: 'INVALID_ARGUMENT', message: signatureMessage },
  },
  {
    name: 'a Gemini 3 function call sent back with a signature the model never gave',
    rule: 'gemini/thought-signature',
    path: gemini3,
    headers: key,
    body: {
      contents: [
        ask,
        { role: 'model', parts: [call('Paris', 'bm90IGEgc2lnbmF0dXJl')] },
        { role: 'user', parts: [response('Paris')] },
      ],
      tools: [weatherTool],
    },
    expected: { status: 400, type: 'INVALID_ARGUMENT', message: signatureMessage },
  },
];

describeRefusals({
  title: "Gemini's generateContent refusals",
  cases,
  valid: { path: flash, headers: key, body: { contents: [ask] } },
});

/** Sends one generateContent request to a fake whose rules `relax` loosens: the status and the violations. */
async function send({
  path,
  body,
  relax = [],
}: {
  path: string;
  body: Record<string, unknown>;
  relax?: string[];
}): Promise<[number, number]> {
  const fake = createFakeLlm({ steps: [{ text: 'Sunny.' }] }, { strictness: { relax } });
  try {
    const { url } = await fake.serve();
    const answered = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...key },
      body: JSON.stringify(body),
    });
    return [answered.status, fake.violations.length];
  } finally {
    await fake.close();
  }
}

it('takes Gemini 3 calls of an earlier turn without signatures, and the placeholder signature', async () => {
  const body = {
    contents: [
      ask,
      { role: 'model', parts: [call('Paris')] },
      { role: 'user', parts: [response('Paris')] },
      { role: 'model', parts: [{ text: 'Sunny.' }] },
      { role: 'user', parts: [{ text: 'And Rome?' }] },
      { role: 'model', parts: [call('Rome', 'skip_thought_signature_validator')] },
      { role: 'user', parts: [response('Rome')] },
    ],
    tools: [weatherTool],
  };

  expect(await send({ path: gemini3, body })).toEqual([200, 0]);
});

it('lets an unsigned Gemini 3 call through when gemini/thought-signature is relaxed, and only then', async () => {
  const body = {
    contents: [ask, { role: 'model', parts: [call('Paris')] }, { role: 'user', parts: [response('Paris')] }],
    tools: [weatherTool],
  };

  expect(await send({ path: gemini3, body, relax: ['gemini/thought-signature'] })).toEqual([200, 0]);
  expect(await send({ path: gemini3, body })).toEqual([400, 1]);
});

it('takes the empty text parts Gemini streams, sent back with or without their signature', async () => {
  const body = {
    contents: [
      ask,
      { role: 'model', parts: [{ text: 'Sunny in Paris.' }, { text: '' }] },
      { role: 'user', parts: [{ text: 'And Rome?' }] },
      { role: 'model', parts: [{ text: 'Sunny in Rome.' }, { text: '', thoughtSignature: 'c2lnbmVk' }] },
      { role: 'user', parts: [{ text: 'And Oslo?' }] },
    ],
  };

  expect(await send({ path: flash, body })).toEqual([200, 0]);
});

it("takes model contents in a row (a streamed chat's chunks, each kept as a content), and contents without a role", async () => {
  const body = {
    contents: [
      ask,
      { role: 'model', parts: [{ text: 'Sunny in Paris,' }] },
      { role: 'model', parts: [{ text: ' and in Rome.' }] },
      { role: 'model', parts: [{ text: '' }] },
      { role: 'user', parts: [{ text: 'And Oslo?' }] },
    ],
  };

  expect(await send({ path: flash, body })).toEqual([200, 0]);
  expect(await send({ path: flash, body: { contents: [{ parts: [{ text: 'Hi.' }] }, ask] } })).toEqual([
    200, 0,
  ]);
});
