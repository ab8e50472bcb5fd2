import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolOutput } from '../model/messages.js';
import { createScriptedModel, type ModelScript } from '../testing/scripted-model.js';
import { defineTool } from '../tools/define-tool.js';
import { runToolLoop } from './run-tool-loop.js';
import type { StepInfo } from './turn-hooks.js';

const total = z.object({ total: z.number() });
const native = (script: ModelScript) => createScriptedModel(script, { supportsStructuredOutput: true });

/** The repair request a native model got after its first answer. */
async function repairAfter(answer: string): Promise<unknown> {
  const model = native([{ text: answer }, { text: '{"total":1}' }]);
  await runToolLoop({ model, prompt: 'Q', output: total }).result;
  return model.requests[1]?.messages.at(-1)?.content;
}

describe('reading an answer as output', () => {
  it('an empty answer is not JSON, and the repair request says so', async () => {
    expect(await repairAfter('  ')).toBe(
      'Your answer does not match the required output format: the answer is empty, not JSON. Reply with only the corrected JSON value, nothing else.',
    );
  });

  it('an answer that is not JSON gets the parser’s reason', async () => {
    let reason = '';
    try {
      JSON.parse('total: 1');
    } catch (error) {
      reason = (error as Error).message;
    }

    expect(await repairAfter('total: 1')).toBe(
      `Your answer does not match the required output format: not JSON: ${reason}. Reply with only the corrected JSON value, nothing else.`,
    );
  });

  it.each([
    ['a fence without a language', '```\n{"total":3}\n```'],
    ['a fence with another language', '```js\n{"total":3}\n```'],
    ['a fence with its closing on the last line', '```json\n{"total":3}```'],
    ['spaces around the fence', '  ```json\n{"total":3}\n```  '],
  ])('takes the JSON out of %s', async (_case, text) => {
    const result = await runToolLoop({ model: native({ text }), prompt: 'Q', output: total }).result;

    expect(result.output).toEqual({ total: 3 });
  });

  it('does not take JSON out of a fence in the middle of prose', async () => {
    const model = native([{ text: 'Here:\n```json\n{"total":3}\n```' }, { text: '{"total":3}' }]);
    const result = await runToolLoop({ model, prompt: 'Q', output: total }).result;

    expect(result.iterations).toBe(2);
  });

  it('a refusal or a cut-off answer is not read as output, and gets no repair request', async () => {
    for (const finishReason of ['refusal', 'max_tokens'] as const) {
      const model = native([{ text: '{"total":', finishReason }]);
      const result = await runToolLoop({ model, prompt: 'Q', output: total }).result;

      expect(result.stopReason).toBe(finishReason);
      expect(result).not.toHaveProperty('output');
      expect(model.requests).toHaveLength(1);
    }
  });
});

describe('the name the output schema is sent under', () => {
  it.each([
    ['a valid title', { title: 'invoice_total-2' }, 'invoice_total-2'],
    ['a title with spaces', { title: 'Invoice total' }, 'answer'],
    ['a title too long', { title: 'x'.repeat(65) }, 'answer'],
    ['a title of 64 characters', { title: 'x'.repeat(64) }, 'x'.repeat(64)],
    ['no title', {}, 'answer'],
  ])('%s', async (_case, extra, name) => {
    const model = native({ text: '{"total":1}' });
    await runToolLoop({
      model,
      prompt: 'Q',
      output: { type: 'object', properties: { total: { type: 'number' } }, ...extra },
    }).result;

    expect(model.requests[0]?.responseFormat?.name).toBe(name);
  });

  it('a step sent to a model without native support gets no responseFormat', async () => {
    const plain = createScriptedModel({ text: '{"total":1}' });
    const result = await runToolLoop({
      model: native({ text: 'never asked' }),
      prompt: 'Q',
      output: total,
      prepareStep: () => ({ model: plain }),
    }).result;

    expect(result.output).toEqual({ total: 1 });
    expect(plain.requests[0]).not.toHaveProperty('responseFormat');
  });
});

describe('the final-answer tool', () => {
  const note = defineTool({ name: 'note', inputSchema: z.object({}), execute: () => 'noted' });

  it('answers the other calls of its response without running them, and its answer is the text', async () => {
    const model = createScriptedModel({
      toolCalls: [
        { name: 'note', input: {} },
        { name: 'final_answer', input: { total: 4 } },
      ],
    });
    const result = await runToolLoop({ model, tools: [note], prompt: 'Q', output: total }).result;

    expect(result).toMatchObject({ stopReason: 'completed', output: { total: 4 }, text: '{"total":4}' });
    expect(result.toolCalls.map((call) => [call.name, call.executed, call.output.content])).toEqual([
      ['note', false, [{ type: 'text', text: 'Not executed: the answer was given through final_answer.' }]],
      ['final_answer', false, [{ type: 'text', text: 'Answer recorded.' }]],
    ]);
    expect(result.toolCalls.map((call) => call.isError)).toEqual([true, false]);
  });

  it('the step of the answer reports the calls of its own response only', async () => {
    const steps: StepInfo[] = [];
    const model = createScriptedModel([
      { toolCalls: [{ name: 'note', input: {} }] },
      { toolCalls: [{ name: 'final_answer', input: { total: 4 } }] },
    ]);
    await runToolLoop({
      model,
      tools: [note],
      prompt: 'Q',
      output: total,
      onStepFinish: (step) => {
        steps.push(step);
      },
    }).result;

    expect(steps.map((step) => step.toolCalls.map((call) => call.name))).toEqual([
      ['note'],
      ['final_answer'],
    ]);
  });

  it('is offered with its description, and wraps a schema that is not an object', async () => {
    const model = createScriptedModel({ toolCalls: [{ name: 'final_answer', input: { value: 'x' } }] });
    await runToolLoop({ model, prompt: 'Q', output: z.string() }).result;

    expect(model.requests[0]?.tools).toMatchObject([
      {
        name: 'final_answer',
        description:
          'Give your final answer through this tool: call it once, when you are done (after any other tools), with the answer as its input. Do not write the answer as text.',
        inputSchema: {
          type: 'object',
          properties: { value: { type: 'string' } },
          required: ['value'],
          additionalProperties: false,
        },
      },
    ]);
  });

  it('a wrapped answer without its value is missing, and the repair request says so', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'final_answer', input: ['x'] }] },
      { text: '"x"' },
    ]);
    const result = await runToolLoop({ model, prompt: 'Q', output: z.string() }).result;

    expect(result).toMatchObject({ stopReason: 'completed', output: 'x' });
    expect((result.toolCalls[0]?.output as ToolOutput).content).toEqual([
      {
        type: 'text',
        text: 'Your answer does not match the required output format: /value: the answer is missing. Reply with only the corrected JSON value, nothing else.',
      },
    ]);
  });

  it('after a cap, an invalid answer keeps the cap’s stop reason, with no output and no repair', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'note', input: {} }] },
      { toolCalls: [{ name: 'final_answer', input: { total: 'many' } }] },
    ]);
    const result = await runToolLoop({ model, tools: [note], prompt: 'Q', output: total, maxRounds: 1 })
      .result;

    expect(result).toMatchObject({ stopReason: 'max_rounds', iterations: 2 });
    expect(result).not.toHaveProperty('output');
  });
});

describe('an abort while an answer is checked against the output schema', () => {
  // The answer is in (through the final-answer tool, or as text from a model with native structured output); its
  // schema takes its time (an asynchronous refinement), and the turn is aborted meanwhile, or not.
  const models = {
    tool: () => createScriptedModel({ toolCalls: [{ name: 'final_answer', input: { total: 1 } }] }),
    native: () => native([{ text: '{"total":1}' }]),
  };
  const cases = (['tool', 'native'] as const).flatMap((mode) =>
    [true, false].flatMap((aborted) => [true, false].map((hook) => ({ mode, aborted, hook }))),
  );

  it.each(cases)(
    'answer by $mode, aborted: $aborted, with an onStepFinish: $hook',
    async ({ mode, aborted, hook }) => {
      let release = () => {};
      let checking = () => {};
      const checked = new Promise<void>((resolve) => (checking = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      const slow = total.refine(async () => {
        checking();
        await gate;
        return true;
      });
      const steps: StepInfo[] = [];
      const turn = runToolLoop({
        model: models[mode](),
        prompt: 'Q',
        output: slow,
        ...(hook ? { onStepFinish: (step: StepInfo) => void steps.push(step) } : {}),
      });
      try {
        await checked;
        if (aborted) turn.abort();
      } finally {
        release();
      }
      const result = await turn.result;

      expect(result.stopReason).toBe(aborted ? 'aborted' : 'completed');
      // An aborted turn gives no output, though its answer had matched: the turn did not answer.
      if (aborted) expect(result).not.toHaveProperty('output');
      else expect(result.output).toEqual({ total: 1 });
      // The host hears of the step the answer came in, aborted or not.
      expect(steps).toHaveLength(hook ? 1 : 0);
    },
  );
});

describe('the output of a turn that ended on an error', () => {
  it('an answer followed by a hook that threw gives no output: the turn ended on the error', async () => {
    for (const model of [
      createScriptedModel({ toolCalls: [{ name: 'final_answer', input: { total: 4 } }] }),
      native([{ text: '{"total":4}' }]),
    ]) {
      const result = await runToolLoop({
        model,
        prompt: 'Q',
        output: total,
        onStepFinish: () => {
          throw new Error('host bug');
        },
      }).result;

      expect(result.stopReason).toBe('hook_error');
      expect(result).not.toHaveProperty('output');
    }
  });
});

describe('an output schema that throws', () => {
  it('rejects the result with what it threw: a bug in the schema is not a way for a turn to end', async () => {
    const throwing = total.refine(() => {
      throw new Error('The schema has a bug.');
    });
    const run = runToolLoop({ model: native({ text: '{"total":1}' }), prompt: 'Q', output: throwing });

    await expect(run.result).rejects.toThrow('The schema has a bug.');
  });
});
