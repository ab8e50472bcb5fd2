import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HookError } from '../errors/hook-error.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';
import type { StepInfo } from './turn-hooks.js';

const search = defineTool({
  name: 'search',
  inputSchema: z.object({ query: z.string() }),
  execute: ({ query }) => `Results for ${query}`,
});
const submit = defineTool({
  name: 'submit',
  inputSchema: z.object({ answer: z.string() }),
  execute: () => 'submitted',
});

const searchCall = (query: string) => ({ toolCalls: [{ name: 'search', input: { query } }] });

describe('stopWhen', () => {
  it('ends the turn with the stop reason the host names, reported like a built-in one', async () => {
    const model = createScriptedModel([
      searchCall('a'),
      { toolCalls: [{ name: 'submit', input: { answer: '42' } }] },
      { text: 'never asked' },
    ]);
    const { events, result } = await collectRun(
      runToolLoop({
        model,
        tools: [search, submit],
        prompt: 'Q',
        stopWhen: ({ toolCalls }) => toolCalls.some((call) => call.name === 'submit') && 'submitted',
      }),
    );

    expect(result).toMatchObject({ stopReason: 'submitted', rounds: 2, iterations: 2 });
    expect(events).toContainEqual({ type: 'status', message: 'Stopped: submitted' });
    expect(events).toContainEqual({ type: 'error', code: 'submitted', message: 'Stopped: submitted' });
    expect(events.at(-1)?.type).toBe('done');
  });

  it('can ask for one last answer, as the caps do, and give the sentence that explains the stop', async () => {
    const model = createScriptedModel([searchCall('a'), searchCall('b'), { text: 'Enough: the answer.' }]);
    const result = await runToolLoop({
      model,
      tools: [search],
      prompt: 'Q',
      stopWhen: [
        () => undefined,
        ({ toolCalls }) =>
          toolCalls.length >= 2 && {
            reason: 'enough_searching',
            answer: true,
            detail: 'two searches are enough',
          },
      ],
    }).result;

    expect(result).toMatchObject({
      stopReason: 'enough_searching',
      text: 'Enough: the answer.',
      iterations: 3,
    });
    expect(model.requests.at(-1)?.toolChoice).toEqual({ type: 'none' });
  });

  it('a name that is not snake_case, or that is a built-in stop reason, ends the turn with hook_error', async () => {
    for (const reason of ['Not Snake', 'max_rounds']) {
      const result = await runToolLoop({
        model: createScriptedModel([searchCall('a'), { text: 'x' }]),
        tools: [search],
        prompt: 'Q',
        stopWhen: () => reason,
      }).result;

      expect(result.stopReason).toBe('hook_error');
      expect(HookError.isInstance(result.error)).toBe(true);
      expect(result.error?.message).toMatch(/^stopWhen returned the stop reason '.+', which /);
    }
  });

  it('a hook that throws ends the turn with hook_error naming the hook, and done still comes', async () => {
    const { events, result } = await collectRun(
      runToolLoop({
        model: createScriptedModel([searchCall('a'), { text: 'x' }]),
        tools: [search],
        prompt: 'Q',
        stopWhen: () => {
          throw new Error('bug in the host');
        },
      }),
    );

    expect(result.stopReason).toBe('hook_error');
    expect(result.error?.message).toBe('stopWhen threw: bug in the host');
    expect(events.at(-1)?.type).toBe('done');
  });
});

describe('prepareStep', () => {
  it('changes the system prompt, the tools offered and the tool choice of the next request', async () => {
    const model = createScriptedModel([
      searchCall('a'),
      { toolCalls: [{ name: 'submit', input: { answer: 'a' } }] },
      { text: 'Done.' },
    ]);
    await runToolLoop({
      model,
      tools: [search, submit],
      prompt: 'Q',
      system: 'Base.',
      prepareStep: ({ rounds, system }) =>
        rounds === 0
          ? { activeTools: ['search'] }
          : {
              system: `${system ?? ''} Now submit.`,
              activeTools: ['submit'],
              toolChoice: { type: 'required' },
            },
    }).result;

    expect(model.requests.map((request) => request.tools.map((tool) => tool.name))).toEqual([
      ['search'],
      ['submit'],
      ['submit'],
    ]);
    expect(model.requests.map((request) => request.system)).toEqual([
      'Base.',
      'Base. Now submit.',
      'Base. Now submit.',
    ]);
    expect(model.requests[1]?.toolChoice).toEqual({ type: 'required' });
  });

  it('a tool left out of activeTools is unknown to the model for that step: calling it runs nothing', async () => {
    let submitted = false;
    const watchedSubmit = defineTool({
      name: 'submit',
      inputSchema: z.object({ answer: z.string() }),
      execute: () => {
        submitted = true;
        return 'submitted';
      },
    });
    const model = createScriptedModel([
      { toolCalls: [{ name: 'submit', input: { answer: 'a' } }] },
      { text: 'ok' },
    ]);
    const result = await runToolLoop({
      model,
      tools: [search, watchedSubmit],
      prompt: 'Q',
      prepareStep: () => ({ activeTools: ['search'] }),
    }).result;

    expect(submitted).toBe(false);
    expect(result.toolCalls[0]).toMatchObject({ name: 'submit', executed: false, isError: true });
    // The model is told the tools of its step, not every tool of the turn.
    expect(result.toolCalls[0]?.output.content).toEqual([
      { type: 'text', text: "Model called unknown tool 'submit'. Available tools: search." },
    ]);
  });

  it("activeTools narrows the host's tools only: the loop's own give-up tool stays offered", async () => {
    const model = createScriptedModel([{ text: 'ok' }]);
    await runToolLoop({
      model,
      tools: [search, submit],
      prompt: 'Q',
      explicitStop: true,
      prepareStep: () => ({ activeTools: ['search'] }),
    }).result;

    expect(model.requests[0]?.tools.map((tool) => tool.name)).toEqual(['search', 'cannot_complete_task']);
  });

  it("a step whose prepareStep leaves the tool choice alone keeps the loop's", async () => {
    const model = createScriptedModel([{ text: 'ok' }]);
    await runToolLoop({
      model,
      tools: [search],
      prompt: 'Q',
      toolChoice: { type: 'required' },
      prepareStep: () => ({ system: 'Be brief.' }),
    }).result;

    expect(model.requests[0]).toMatchObject({ system: 'Be brief.', toolChoice: { type: 'required' } });
  });

  it('can send a step to another model', async () => {
    const small = createScriptedModel({ text: 'From the small model.' });
    const large = createScriptedModel({ text: 'never asked' });
    const result = await runToolLoop({ model: large, prompt: 'Q', prepareStep: () => ({ model: small }) })
      .result;

    expect(result.text).toBe('From the small model.');
    expect(large.requests).toHaveLength(0);
  });

  it('the progressive prompt is a built-in step the host sees and can build on', async () => {
    const model = createScriptedModel([searchCall('a'), { text: 'Done.' }]);
    const seen: Array<string | undefined> = [];
    await runToolLoop({
      model,
      tools: [search],
      prompt: 'Q',
      system: 'Base.',
      progressivePrompt: true,
      prepareStep: ({ system }) => {
        seen.push(system);
        return undefined;
      },
    }).result;

    expect(seen).toEqual([
      'Base.\n\n[Round 1] If a tool is relevant to the request, call it.',
      'Base.\n\n[Round 2] You may call one more tool if you still need information, or give your final answer.',
    ]);
  });

  it('naming a tool that does not exist in activeTools ends the turn with hook_error', async () => {
    const result = await runToolLoop({
      model: createScriptedModel({ text: 'x' }),
      tools: [search],
      prompt: 'Q',
      prepareStep: () => ({ activeTools: ['serch'] }),
    }).result;

    expect(result.stopReason).toBe('hook_error');
    expect(result.error?.message).toBe(
      'prepareStep named tools that do not exist in activeTools: serch. Tools: search.',
    );
  });
});

describe('onStepFinish', () => {
  it('reports the text of a response of several text blocks as one text', async () => {
    const steps: StepInfo[] = [];
    const model = createScriptedModel({
      parts: [
        { type: 'text', text: 'Sunny ' },
        { type: 'text', text: 'in Paris.' },
        { type: 'finish', finishReason: 'end', usage: { inputTokens: 1, outputTokens: 1 } },
      ],
    });
    await runToolLoop({
      model,
      prompt: 'Q',
      onStepFinish: (step) => {
        steps.push(step);
      },
    }).result;

    expect(steps.map((step) => step.response.text)).toEqual(['Sunny in Paris.']);
  });

  it('reports each step: its request, the response, its usage and its tool calls', async () => {
    const steps: StepInfo[] = [];
    const model = createScriptedModel([
      { ...searchCall('a'), text: 'Looking.', usage: { inputTokens: 50, outputTokens: 7 } },
      { text: 'Done.', usage: { inputTokens: 80, outputTokens: 3 } },
    ]);
    await runToolLoop({
      model,
      tools: [search],
      prompt: 'Q',
      system: 'Be brief.',
      onStepFinish: (step) => {
        steps.push(step);
      },
    }).result;

    expect(steps).toEqual([
      {
        iteration: 1,
        round: 0,
        request: { system: 'Be brief.', toolNames: ['search'], messageCount: 1 },
        response: { text: 'Looking.', finishReason: 'tool_calls', toolCallCount: 1 },
        usage: { inputTokens: 50, outputTokens: 7 },
        toolCalls: [expect.objectContaining({ name: 'search', executed: true })],
      },
      {
        iteration: 2,
        round: 1,
        request: { system: 'Be brief.', toolNames: ['search'], messageCount: 3 },
        response: { text: 'Done.', finishReason: 'end', toolCallCount: 0 },
        usage: { inputTokens: 80, outputTokens: 3 },
        toolCalls: [],
      },
    ]);
  });
});
