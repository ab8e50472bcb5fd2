import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidOutputError } from '../errors/invalid-output-error.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { defineTool } from '../tools/define-tool.js';
import { runToolLoop } from './run-tool-loop.js';

const invoice = z.object({ customer: z.string(), total: z.number() });
const lookup = defineTool({
  name: 'lookup',
  inputSchema: z.object({ id: z.string() }),
  execute: ({ id }) => `Invoice ${id}: ACME, 120 EUR.`,
});

const native = (script: Parameters<typeof createScriptedModel>[0]) =>
  createScriptedModel(script, { supportsStructuredOutput: true });

describe('structured output with a model that supports it natively', () => {
  it('sends the schema as responseFormat and parses the answer into result.output', async () => {
    const model = native([
      { toolCalls: [{ name: 'lookup', input: { id: 'A-1' } }] },
      { text: '{"customer":"ACME","total":120}' },
    ]);

    const result = await runToolLoop({ model, tools: [lookup], prompt: 'Invoice A-1?', output: invoice })
      .result;

    expect(result).toMatchObject({
      stopReason: 'completed',
      output: { customer: 'ACME', total: 120 },
      text: '{"customer":"ACME","total":120}',
    });
    expect(model.requests.map((request) => request.responseFormat)).toEqual([
      {
        type: 'json',
        name: 'answer',
        schema: {
          type: 'object',
          properties: { customer: { type: 'string' }, total: { type: 'number' } },
          required: ['customer', 'total'],
        },
      },
      expect.objectContaining({ type: 'json' }),
    ]);
    expect(model.requests[0]?.tools.map((tool) => tool.name)).toEqual(['lookup']);
  });

  it('makes one repair request carrying the validation error, without tools, and takes the repaired answer', async () => {
    const model = native([
      { text: '{"customer":"ACME","total":"120 EUR"}' },
      { text: '{"customer":"ACME","total":120}' },
    ]);

    const result = await runToolLoop({ model, tools: [lookup], prompt: 'Invoice A-1?', output: invoice })
      .result;

    expect(result).toMatchObject({ stopReason: 'completed', output: { customer: 'ACME', total: 120 } });
    expect(result.iterations).toBe(2);
    // A repair asked in text is no tool round.
    expect(result.rounds).toBe(0);
    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: 'user',
      content:
        'Your answer does not match the required output format: /total: Invalid input: expected number, received string. Reply with only the corrected JSON value, nothing else.',
    });
    expect(model.requests[1]?.toolChoice).toEqual({ type: 'none' });
  });

  it("ends each issue of the repair request with one full stop, though a JSON Schema validator's has its own", async () => {
    const model = native([{ text: '{"total":"120 EUR"}' }, { text: '{"total":120}' }]);
    const result = await runToolLoop({
      model,
      prompt: 'Invoice A-1?',
      output: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] },
    }).result;

    expect(result.output).toEqual({ total: 120 });
    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: 'user',
      content:
        'Your answer does not match the required output format: /total: Instance type "string" is invalid. Expected "number". Reply with only the corrected JSON value, nothing else.',
    });
  });

  it('ends with invalid_output when the repaired answer does not match either, with the issues in the error', async () => {
    const model = native([{ text: 'ACME owes 120.' }, { text: '{"customer":"ACME"}' }]);

    const { events, result } = await collectRun(
      runToolLoop({ model, prompt: 'Invoice A-1?', output: invoice }),
    );

    expect(result.stopReason).toBe('invalid_output');
    expect(result.output).toBeUndefined();
    expect(InvalidOutputError.isInstance(result.error)).toBe(true);
    expect((result.error as InvalidOutputError).issues).toEqual([
      '/total: Invalid input: expected number, received undefined',
    ]);
    expect(events).toContainEqual({
      type: 'error',
      code: 'invalid_output',
      message:
        'Stopped: the answer did not match the output schema after one repair request (/total: Invalid input: expected number, received undefined)',
    });
    expect(model.requests[1]?.messages.at(-1)?.role).toBe('user');
    expect(JSON.stringify(model.requests[1]?.messages.at(-1)?.content)).toContain(
      'not JSON: Unexpected token',
    );
  });

  it('reads an answer in a JSON code fence, and a JSON Schema object as the schema', async () => {
    const model = native({ text: '```json\n["red", "green"]\n```' });

    const result = await runToolLoop({
      model,
      prompt: 'Colors?',
      output: { type: 'array', items: { type: 'string' }, title: 'colors' },
    }).result;

    expect(result.output).toEqual(['red', 'green']);
    expect(model.requests[0]?.responseFormat?.name).toBe('colors');
  });

  it('makes the repair request even when it is one past maxIterations', async () => {
    const model = native([{ text: '{}' }, { text: '{"customer":"ACME","total":1}' }]);

    const result = await runToolLoop({ model, prompt: 'Go', output: invoice, maxIterations: 1 }).result;

    expect(result).toMatchObject({ stopReason: 'completed', iterations: 2, output: { total: 1 } });
  });

  it("keeps a cap's stop reason: its last answer is the output when it matches, and none when it does not", async () => {
    const loop = (last: string) =>
      runToolLoop({
        model: native([{ toolCalls: [{ name: 'lookup', input: { id: 'A-1' } }] }, { text: last }]),
        tools: [lookup],
        prompt: 'Go',
        output: invoice,
        maxRounds: 1,
      }).result;

    const matching = await loop('{"customer":"ACME","total":120}');
    const other = await loop('I could not finish.');

    expect(matching).toMatchObject({ stopReason: 'max_rounds', output: { customer: 'ACME', total: 120 } });
    expect(other.stopReason).toBe('max_rounds');
    expect(other.output).toBeUndefined();
    expect(other.iterations).toBe(2);
  });
});

describe('structured output through the final-answer tool, for models without native support', () => {
  it('offers a final_answer tool whose input schema is the output schema, and takes its input as the output', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'lookup', input: { id: 'A-1' } }] },
      {
        text: 'Here it is.',
        toolCalls: [{ id: 'answer_1', name: 'final_answer', input: { customer: 'ACME', total: 120 } }],
      },
    ]);

    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [lookup], prompt: 'Invoice A-1?', output: invoice }),
    );

    expect(result).toMatchObject({
      stopReason: 'completed',
      output: { customer: 'ACME', total: 120 },
      text: '{"customer":"ACME","total":120}',
      rounds: 1,
    });
    expect(model.requests[0]?.responseFormat).toBeUndefined();
    expect(model.requests[0]?.tools.map((tool) => [tool.name, tool.inputSchema.required])).toEqual([
      ['lookup', ['id']],
      ['final_answer', ['customer', 'total']],
    ]);
    expect(result.toolCalls.at(-1)).toMatchObject({
      toolCallId: 'answer_1',
      executed: false,
      isError: false,
      output: { content: [{ type: 'text', text: 'Answer recorded.' }] },
    });
    expect(events.filter((event) => event.type === 'tool-result').map((event) => event.toolCallId)).toEqual([
      expect.any(String),
      'answer_1',
    ]);
    expect(result.messages.at(-1)?.role).toBe('tool');
  });

  it('answers an invalid final_answer call with the issues, then takes the repaired answer from text', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'final_answer', input: { customer: 'ACME' } }] },
      { text: '{"customer":"ACME","total":120}' },
    ]);

    const result = await runToolLoop({ model, prompt: 'Invoice A-1?', output: invoice }).result;

    expect(result).toMatchObject({ stopReason: 'completed', output: { customer: 'ACME', total: 120 } });
    expect(result.toolCalls[0]).toMatchObject({ name: 'final_answer', isError: true });
    expect(JSON.stringify(model.requests[1]?.messages.at(-1))).toContain(
      'Your answer does not match the required output format: /total: Invalid input: expected number, received undefined.',
    );
    expect(model.requests[1]?.toolChoice).toEqual({ type: 'none' });
  });

  it('ends with invalid_output when the answer after the repair does not match either', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'final_answer', input: { customer: 'ACME' } }] },
      { toolCalls: [{ name: 'final_answer', input: { total: 'many' } }] },
    ]);

    const result = await runToolLoop({ model, prompt: 'Invoice A-1?', output: invoice }).result;

    expect(result.stopReason).toBe('invalid_output');
    expect((result.error as InvalidOutputError).issues).toEqual([
      '/customer: Invalid input: expected string, received undefined',
      '/total: Invalid input: expected number, received string',
    ]);
    expect(result.toolCalls.map((call) => call.isError)).toEqual([true, true]);
  });

  it('wraps a schema that is not an object as { value }, the shape a tool input must have', async () => {
    const model = createScriptedModel({ toolCalls: [{ name: 'final_answer', input: { value: [3, 1] } }] });

    const result = await runToolLoop({
      model,
      prompt: 'Numbers?',
      output: z.array(z.number()),
    }).result;

    expect(result.output).toEqual([3, 1]);
    expect(model.requests[0]?.tools[0]?.inputSchema).toMatchObject({
      type: 'object',
      properties: { value: { type: 'array' } },
      required: ['value'],
    });
  });

  it('takes a plain-text answer that matches, without the tool', async () => {
    const model = createScriptedModel({ text: '{"customer":"ACME","total":5}' });

    const result = await runToolLoop({ model, prompt: 'Go', output: invoice }).result;

    expect(result).toMatchObject({ stopReason: 'completed', output: { total: 5 } });
  });
});

describe('the output option', () => {
  it("is the schema's parsed value: a zod transform applies", async () => {
    const model = native({ text: '{"when":"2026-03-01"}' });

    const result = await runToolLoop({
      model,
      prompt: 'When?',
      output: z.object({ when: z.string().transform((text) => new Date(`${text}T00:00:00Z`)) }),
    }).result;

    expect(result.output).toEqual({ when: new Date('2026-03-01T00:00:00Z') });
  });

  it('refuses a Standard Schema that cannot describe itself as JSON Schema, before the turn starts', () => {
    const opaque = {
      '~standard': { version: 1, vendor: 'custom', validate: (value: unknown) => ({ value }) },
    };

    expect(() =>
      runToolLoop({ model: native({ text: '{}' }), prompt: 'Go', output: opaque as never }),
    ).toThrow(
      "Invalid option 'output': this Standard Schema cannot describe itself as JSON Schema, which the model needs; use zod 4, valibot or arktype, or a JSON Schema object.",
    );
  });
});
