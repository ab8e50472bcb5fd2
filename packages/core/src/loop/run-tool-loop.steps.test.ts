import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';
import type { StepInfo } from './turn-hooks.js';

const echo = defineTool({
  name: 'echo',
  inputSchema: z.object({ value: z.string() }),
  execute: ({ value }) => `echo ${value}`,
});
const echoCall = (value: string, id?: string) => ({
  name: 'echo',
  input: { value },
  ...(id === undefined ? {} : { id }),
});

describe('tool-call ids the model repeats', () => {
  it('are renamed with the first free suffix, skipping ids the model gave itself, and the warning lists every rename', async () => {
    const model = createScriptedModel([
      { toolCalls: [echoCall('1', 'x'), echoCall('2', 'x'), echoCall('3', 'x_2'), echoCall('4', 'x')] },
      { text: 'Done.' },
    ]);
    const { events, result } = await collectRun(runToolLoop({ model, tools: [echo], prompt: 'Q' }));

    expect(result.toolCalls.map((call) => call.toolCallId)).toEqual(['x', 'x_3', 'x_2', 'x_4']);
    expect(events).toContainEqual({
      type: 'warning',
      code: 'duplicate_tool_call_id',
      message:
        "The model gave more than one tool call the id 'x'; the repeats were renamed x_3, x_4 so that each call gets its own result.",
    });
  });

  it('are renamed when the transcript the turn continues already holds them', async () => {
    const earlier = await runToolLoop({
      model: createScriptedModel([{ toolCalls: [echoCall('a', 'c1')] }, { text: 'First.' }]),
      tools: [echo],
      prompt: 'one',
    }).result;
    const model = createScriptedModel([{ toolCalls: [echoCall('b', 'c1')] }, { text: 'Second.' }]);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [echo], messages: earlier.messages, prompt: 'two' }),
    );

    expect(result.toolCalls.map((call) => call.toolCallId)).toEqual(['c1_2']);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'warning', code: 'duplicate_tool_call_id' }),
    );
  });

  it('in user or tool messages of the transcript are not call ids to avoid', async () => {
    const model = createScriptedModel([{ toolCalls: [echoCall('b', 'c1')] }, { text: 'Done.' }]);
    const result = await runToolLoop({
      model,
      tools: [echo],
      messages: [
        { role: 'user', content: 'c1' },
        { role: 'assistant', content: [{ type: 'text', text: 'c1' }] },
      ],
      prompt: 'Q',
    }).result;

    expect(result.toolCalls.map((call) => call.toolCallId)).toEqual(['c1']);
  });
});

describe('maxRepeatedText', () => {
  it('counts only the same text: other texts, and responses without text, do not repeat', async () => {
    const model = createScriptedModel([
      { text: 'Looking.', toolCalls: [echoCall('a')] },
      { text: 'Looking again.', toolCalls: [echoCall('b')] },
      { toolCalls: [echoCall('c')] },
      { toolCalls: [echoCall('d')] },
      { text: 'Done.' },
    ]);
    const result = await runToolLoop({ model, tools: [echo], prompt: 'Q', maxRepeatedText: 1 }).result;

    expect(result).toMatchObject({ stopReason: 'completed', rounds: 4 });
  });

  it('reads the text alone: the same text after other thinking still repeats', async () => {
    const model = createScriptedModel([
      { thinking: 'First idea.', text: 'Looking.', toolCalls: [echoCall('a')] },
      { thinking: 'Second idea.', text: 'Looking.', toolCalls: [echoCall('b')] },
      { text: 'Done.' },
    ]);
    const result = await runToolLoop({ model, tools: [echo], prompt: 'Q', maxRepeatedText: 1 }).result;

    expect(result.stopReason).toBe('no_progress');
  });
});

describe('onStepFinish', () => {
  async function stepsOf(
    options: Partial<Parameters<typeof runToolLoop>[0]> & {
      model: Parameters<typeof runToolLoop>[0]['model'];
    },
  ) {
    const steps: StepInfo[] = [];
    const result = await runToolLoop({
      tools: [echo],
      prompt: 'Q',
      ...options,
      onStepFinish: (step) => {
        steps.push(step);
      },
    }).result;
    return { steps, result };
  }

  it('reports each round’s own calls only, the answer’s text without its thinking, and no system or tool choice not sent', async () => {
    const { steps } = await stepsOf({
      model: createScriptedModel([
        { toolCalls: [echoCall('a')] },
        { toolCalls: [echoCall('b')] },
        { thinking: 'So.', text: 'Done.' },
      ]),
    });

    expect(steps.map((step) => step.toolCalls.map((call) => call.input))).toEqual([
      [{ value: 'a' }],
      [{ value: 'b' }],
      [],
    ]);
    expect(steps[2]?.response.text).toBe('Done.');
    expect(steps[0]?.request).toStrictEqual({ toolNames: ['echo'], messageCount: 1 });
  });

  it('reports the tool choice of a request that had one', async () => {
    const { steps } = await stepsOf({
      model: createScriptedModel([{ toolCalls: [echoCall('a')] }, { text: 'Done.' }]),
      maxRounds: 1,
    });

    expect(steps.map((step) => step.request.toolChoice)).toEqual([undefined, { type: 'none' }]);
  });

  it('reports a paused response as a step of its own', async () => {
    const { steps } = await stepsOf({
      model: createScriptedModel([{ text: 'Searching', finishReason: 'pause' }, { text: ' done.' }]),
    });

    expect(steps.map((step) => [step.iteration, step.response.finishReason, step.toolCalls])).toEqual([
      [1, 'pause', []],
      [2, 'end', []],
    ]);
  });

  it('reports the final-answer call with its step, and a repair counts as a round', async () => {
    const { steps, result } = await stepsOf({
      model: createScriptedModel([
        { toolCalls: [{ name: 'final_answer', input: { total: 'many' } }] },
        { text: '{"total":2}' },
      ]),
      output: z.object({ total: z.number() }),
    });

    expect(steps.map((step) => step.toolCalls.map((call) => call.name))).toEqual([['final_answer'], []]);
    expect(result).toMatchObject({ stopReason: 'completed', output: { total: 2 }, rounds: 1, iterations: 2 });
  });
});

describe('the time a turn took', () => {
  it('is measured from its start, in whole milliseconds', async () => {
    const startedAt = performance.now();
    const result = await runToolLoop({ model: createScriptedModel({ text: 'Hi.' }), prompt: 'Q' }).result;
    const took = performance.now() - startedAt;

    expect(Number.isInteger(result.durationMs)).toBe(true);
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(result.durationMs).toBeLessThanOrEqual(Math.ceil(took));
  });

  it('with nothing answered yet, the text is empty', async () => {
    const result = await runToolLoop({
      model: createScriptedModel({ text: 'never asked' }),
      prompt: 'Q',
      tokenBudget: { perSession: 10 },
      sessionTokens: 10,
    }).result;

    expect(result).toMatchObject({ stopReason: 'budget_exceeded', iterations: 0, text: '' });
  });
});

describe('a stop reason of the host’s own', () => {
  it('is explained by the sentence its condition gave', async () => {
    const { events } = await collectRun(
      runToolLoop({
        model: createScriptedModel([{ toolCalls: [echoCall('a')] }]),
        tools: [echo],
        prompt: 'Q',
        stopWhen: () => ({ reason: 'found_it', detail: 'the order was found' }),
      }),
    );

    expect(events).toContainEqual({
      type: 'error',
      code: 'found_it',
      message: 'Stopped: the order was found',
    });
  });
});
