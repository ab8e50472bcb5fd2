import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRefusals, type RefusalCase } from '../../test/describe-refusals.js';
import { createFakeLlm } from '../create-fake-llm.js';

const path = '/v1/responses';
const valid = { path, body: { model: 'gpt-5', input: 'What is 12 + 7?' } };

/** A Responses API body to gpt-5, with these fields on top. */
function createBody(fields: Record<string, unknown>): Record<string, unknown> {
  return { ...valid.body, ...fields };
}

const cases: RefusalCase[] = [
  {
    name: 'temperature of another type',
    rule: 'responses/definition',
    path,
    body: createBody({ temperature: 'warm' }),
    expected: { status: 400, type: 'invalid_request_error', message: /'temperature'/u, param: 'temperature' },
  },
  {
    name: 'a field the definition does not have (messages)',
    rule: 'responses/unknown-field',
    path,
    body: createBody({ messages: [] }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: 'Unrecognized request argument supplied: messages',
      code: null,
    },
  },
  {
    name: 'a model OpenAI does not serve',
    rule: 'responses/unknown-model',
    path,
    body: createBody({ model: 'gpt-made-up' }),
    expected: {
      status: 404,
      type: 'invalid_request_error',
      message: 'The model `gpt-made-up` does not exist or you do not have access to it.',
      code: 'model_not_found',
    },
  },
  {
    name: 'a previous_response_id the fake never gave',
    rule: 'responses/previous-response-not-found',
    path,
    body: createBody({ previous_response_id: 'resp_unknown' }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: "Previous response with id 'resp_unknown' not found.",
      param: 'previous_response_id',
      code: 'previous_response_not_found',
    },
  },
  {
    name: 'a function_call_output for no function_call',
    rule: 'responses/function-call-output-without-call',
    path,
    body: createBody({
      input: [
        { role: 'user', content: 'What is 12 + 7?' },
        { type: 'function_call_output', call_id: 'call_unknown', output: '19' },
      ],
    }),
    expected: {
      status: 400,
      type: 'invalid_request_error',
      message: 'No tool call found for function call output with call_id call_unknown.',
      param: 'input',
      code: null,
    },
  },
];

describeRefusals({ title: 'the Responses API refuses', cases, valid });

describe('reasoning continuity (responses/reasoning-continuity)', () => {
  const fake = createFakeLlm();
  let baseUrl: string;
  const calculator = {
    type: 'function',
    name: 'calculator',
    parameters: { type: 'object', properties: { a: { type: 'number' } } },
    strict: false,
  };
  const question = { role: 'user', content: 'What is 12 + 7?' };
  beforeAll(async () => {
    baseUrl = (await fake.serve()).url;
  });
  afterAll(() => fake.close());

  /** Posts a Responses API request to the script `id`, returning the status and JSON body. */
  async function post(id: string, fields: Record<string, unknown>) {
    const response = await fetch(`${baseUrl}/script/${id}/v1/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-5', tools: [calculator], ...fields }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** A script that thinks and calls the calculator, then answers; and its first response's output items. */
  async function startRound(id: string, fields: Record<string, unknown>) {
    const route = fake.script(id, {
      steps: [
        { thinking: 'Add them.', toolCalls: [{ name: 'calculator', input: { a: 12 } }] },
        { text: '19.' },
      ],
    });
    const first = await post(id, { input: [question], ...fields });
    const output = first.body.output as Record<string, unknown>[];
    const reasoning = output.find((item) => item.type === 'reasoning') ?? {};
    const call = output.find((item) => item.type === 'function_call') ?? {};
    const result = { type: 'function_call_output', call_id: call.call_id, output: '19' };
    return { route, reasoning, call, result };
  }

  it('refuses a function_call sent back without its reasoning item, with store: false', async () => {
    const store = { store: false, include: ['reasoning.encrypted_content'] };
    const { route, call, result } = await startRound('without-reasoning', store);
    const second = await post('without-reasoning', { ...store, input: [question, call, result] });
    expect(second.status).toBe(400);
    expect(second.body.error).toEqual({
      type: 'invalid_request_error',
      param: 'input',
      code: null,
      message:
        "Item 'fc_fake_without-reasoning_1_1' of type 'function_call' was provided without its required " +
        "'reasoning' item: 'rs_fake_without-reasoning_1'.",
    });
    expect(route.violations.map(({ message }) => message)).toEqual([
      expect.stringContaining('responses/reasoning-continuity') as unknown,
    ]);
  });

  it('refuses a reasoning item sent back with other encrypted_content', async () => {
    const store = { store: false, include: ['reasoning.encrypted_content'] };
    const { reasoning, call, result } = await startRound('changed-reasoning', store);
    const changed = { ...reasoning, encrypted_content: 'tampered' };
    const second = await post('changed-reasoning', { ...store, input: [question, changed, call, result] });
    expect(second.status).toBe(400);
    expect((second.body.error as { message: string }).message).toContain(
      "was provided without its required 'reasoning' item: 'rs_fake_changed-reasoning_1'.",
    );
  });

  it('refuses a reasoning item sent back without the function_call that followed it (responses/reasoning-following-item)', async () => {
    const store = { store: false, include: ['reasoning.encrypted_content'] };
    const { reasoning } = await startRound('reasoning-alone', store);
    const second = await post('reasoning-alone', {
      ...store,
      input: [question, reasoning, { role: 'user', content: 'And?' }],
    });
    expect([second.status, (second.body.error as { message: string }).message]).toEqual([
      400,
      "Item 'rs_fake_reasoning-alone_1' of type 'reasoning' was provided without its required following item.",
    ]);
  });

  it('answers a step that thinks again after its text with two reasoning items, and wants each back before what it led to', async () => {
    const store = { store: false, include: ['reasoning.encrypted_content'] };
    const steps = [
      {
        thinking: 'The user wants a sum.',
        text: 'Let me add them.',
        thinkingAfterText: 'The calculator adds.',
        toolCalls: [{ name: 'calculator', input: { a: 12 } }],
      },
      { text: '19.' },
    ];
    const send = async (
      id: string,
      reorder: (items: Record<string, unknown>[]) => Record<string, unknown>[],
    ) => {
      fake.script(id, { steps });
      const first = await post(id, { ...store, input: [question] });
      const output = first.body.output as Record<string, unknown>[];
      const call = output.find((item) => item.type === 'function_call') ?? {};
      const result = { type: 'function_call_output', call_id: call.call_id, output: '19' };
      return { output, second: await post(id, { ...store, input: [question, ...reorder(output), result] }) };
    };
    const inOrder = await send('reasons-twice', (items) => items);
    expect(inOrder.output.map((item) => `${String(item.type)} ${String(item.id)}`)).toEqual([
      'reasoning rs_fake_reasons-twice_1',
      'message msg_fake_reasons-twice_1',
      'reasoning rs_fake_reasons-twice_1_2',
      'function_call fc_fake_reasons-twice_1_1',
    ]);
    expect(inOrder.output[2]?.summary).toEqual([{ type: 'summary_text', text: 'The calculator adds.' }]);
    expect(inOrder.second.status).toBe(200);
    // Both reasoning items first, then what they led to: the first no longer comes right before its message.
    const grouped = await send('reasons-twice-grouped', ([first, message, second, call]) =>
      [first, second, message, call].filter((item) => item !== undefined),
    );
    expect([grouped.second.status, (grouped.second.body.error as { message: string }).message]).toEqual([
      400,
      "Item 'rs_fake_reasons-twice-grouped_1' of type 'reasoning' was provided without its required following item.",
    ]);
    const secondDropped = await send('reasons-twice-dropped', (items) =>
      items.filter((_, index) => index !== 2),
    );
    expect((secondDropped.second.body.error as { message: string }).message).toBe(
      "Item 'fc_fake_reasons-twice-dropped_1_1' of type 'function_call' was provided without its required " +
        "'reasoning' item: 'rs_fake_reasons-twice-dropped_1_2'.",
    );
  });

  it('refuses a reasoning item sent back by id alone when nothing was stored (responses/item-not-stored)', async () => {
    const store = { store: false, include: ['reasoning.encrypted_content'] };
    const { reasoning, call, result } = await startRound('by-id-alone', store);
    const { encrypted_content: _dropped, ...byId } = reasoning;
    const second = await post('by-id-alone', { ...store, input: [question, byId, call, result] });
    expect(second.status).toBe(404);
    expect((second.body.error as { message: string }).message).toContain(
      "Item with id 'rs_fake_by-id-alone_1' not found. Items are not persisted when `store` is set to false.",
    );
  });

  it('answers an assistant message sent back without the id and status of the answer it came from', async () => {
    const fakeOfText = createFakeLlm({ steps: [{ text: 'Hello.' }, { text: 'Again.' }] });
    try {
      const { url } = await fakeOfText.serve();
      const send = (input: unknown[]) =>
        fetch(`${url}/v1/responses`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-4o', input }),
        });
      await send([question]);
      const assistant = {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'Hello.', annotations: [] }],
      };
      const second = await send([question, assistant, { role: 'user', content: 'Again?' }]);
      expect(second.status).toBe(200);
      expect(fakeOfText.violations).toEqual([]);
    } finally {
      await fakeOfText.close();
    }
  });

  it('answers a function_call sent back after its reasoning item, encrypted_content unchanged', async () => {
    const store = { store: false, include: ['reasoning.encrypted_content'] };
    const { route, reasoning, call, result } = await startRound('with-reasoning', store);
    const second = await post('with-reasoning', { ...store, input: [question, reasoning, call, result] });
    expect(second.status).toBe(200);
    expect(route.violations).toEqual([]);
  });

  it('answers a function_call after an item_reference to its reasoning while the response is kept', async () => {
    const { route, reasoning, call, result } = await startRound('by-reference', {});
    const reference = { type: 'item_reference', id: reasoning.id };
    const second = await post('by-reference', { input: [question, reference, call, result] });
    expect(second.status).toBe(200);
    expect(route.violations).toEqual([]);
  });

  it('continues a kept response by previous_response_id with only the function output', async () => {
    const { route, result } = await startRound('previous-response', {});
    const previous = route.requests.length;
    const second = await post('previous-response', {
      previous_response_id: 'resp_fake_previous-response_1',
      input: [result],
    });
    expect(second.status).toBe(200);
    expect(route.requests).toHaveLength(previous + 1);
    expect(second.body.previous_response_id).toBe('resp_fake_previous-response_1');
  });

  it('keeps nothing of a store: false response, so previous_response_id cannot continue it', async () => {
    const { result } = await startRound('not-stored', { store: false });
    const second = await post('not-stored', {
      previous_response_id: 'resp_fake_not-stored_1',
      input: [result],
    });
    expect(second.status).toBe(400);
    expect((second.body.error as { code: string }).code).toBe('previous_response_not_found');
  });
});
