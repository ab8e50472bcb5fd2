import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelError } from '../errors/model-error.js';
import { TurnAbortedError } from '../errors/turn-aborted-error.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { createDeferred } from '../../test/deferred.js';
import { runToolLoop } from './run-tool-loop.js';
import { isBuiltinStopReason, stopReasons } from './stop-reason.js';

const search = defineTool({
  name: 'search',
  inputSchema: z.object({ query: z.string() }),
  execute: ({ query }) => `Results for ${query}`,
});

const failing = defineTool({
  name: 'flaky_lookup',
  inputSchema: z.object({}),
  execute: () => {
    throw new Error('database unavailable');
  },
});

const searchCall = (query: string) => ({ toolCalls: [{ name: 'search', input: { query } }] });

describe('stop reasons', () => {
  it('max_rounds: after the cap, one last request without tools produces the answer', async () => {
    const model = createScriptedModel([searchCall('a'), searchCall('b'), { text: 'Answer from a and b.' }]);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [search], prompt: 'Q', maxRounds: 2 }),
    );

    expect(result).toMatchObject({
      stopReason: 'max_rounds',
      text: 'Answer from a and b.',
      rounds: 2,
      iterations: 3,
    });
    expect(model.requests.map((request) => request.tools.length)).toEqual([1, 1, 1]);
    expect(model.requests.map((request) => request.toolChoice)).toEqual([
      undefined,
      undefined,
      { type: 'none' },
    ]);
    expect(events.some((event) => event.type === 'error')).toBe(false);
  });

  it('max_rounds: the final request keeps the tool definitions and sets the tool choice to none', async () => {
    const model = createScriptedModel([searchCall('a'), { text: 'Done.' }]);
    await runToolLoop({ model, tools: [search], prompt: 'Q', maxRounds: 1, toolChoice: { type: 'required' } })
      .result;

    expect(model.requests[0]?.toolChoice).toEqual({ type: 'required' });
    expect(model.requests[1]?.toolChoice).toEqual({ type: 'none' });
    expect(model.requests[1]?.tools.map((tool) => tool.name)).toEqual(['search']);
  });

  it('max_iterations: stops and reports when the request cap is reached', async () => {
    const model = createScriptedModel((_request, index) => searchCall(`q${index}`));
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [search], prompt: 'Q', maxIterations: 3 }),
    );

    expect(result).toMatchObject({ stopReason: 'max_iterations', iterations: 3, rounds: 3 });
    expect(model.requests).toHaveLength(3);
    expect(events).toContainEqual({
      type: 'status',
      message: 'Stopped: reached the limit of 3 model requests',
    });
    expect(events).toContainEqual({
      type: 'error',
      code: 'max_iterations',
      message: 'Stopped: reached the limit of 3 model requests',
    });
  });

  it('max_iterations defaults to 10', async () => {
    const model = createScriptedModel((_request, index) => searchCall(`q${index}`));
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q' }).result;

    expect(result).toMatchObject({ stopReason: 'max_iterations', iterations: 10 });
  });

  it('consecutive_errors: three failing tool calls in a row end the turn', async () => {
    const failingCall = { toolCalls: [{ name: 'flaky_lookup', input: {} }] };
    const model = createScriptedModel([failingCall, failingCall, failingCall, { text: 'never asked' }]);
    const { events, result } = await collectRun(runToolLoop({ model, tools: [failing], prompt: 'Q' }));

    expect(result).toMatchObject({ stopReason: 'consecutive_errors', rounds: 3, iterations: 3 });
    expect(events.filter((event) => event.type === 'error').map((event) => event.code)).toEqual([
      'tool_error',
      'tool_error',
      'tool_error',
      'consecutive_errors',
    ]);
    expect(events).toContainEqual({
      type: 'status',
      message: 'Tool Flaky Lookup failed, trying alternative approach...',
    });
  });

  it('a single error is fed back and the model recovers; a success resets the count', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'flaky_lookup', input: {} }] },
      { toolCalls: [{ name: 'flaky_lookup', input: {} }] },
      searchCall('instead'),
      { toolCalls: [{ name: 'flaky_lookup', input: {} }] },
      { toolCalls: [{ name: 'flaky_lookup', input: {} }] },
      { text: 'Recovered.' },
    ]);
    const result = await runToolLoop({ model, tools: [failing, search], prompt: 'Q' }).result;

    expect(result).toMatchObject({ stopReason: 'completed', text: 'Recovered.' });
    expect(result.toolCalls.map((call) => call.isError)).toEqual([true, true, false, true, true]);
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: [
        {
          isError: true,
          output: { content: [{ type: 'text', text: "Tool 'flaky_lookup' failed: database unavailable" }] },
        },
      ],
    });
  });

  it('maxConsecutiveErrors can be raised', async () => {
    const failingCall = { toolCalls: [{ name: 'flaky_lookup', input: {} }] };
    const model = createScriptedModel([failingCall, failingCall, failingCall, { text: 'Still here.' }]);
    const result = await runToolLoop({ model, tools: [failing], prompt: 'Q', maxConsecutiveErrors: 4 })
      .result;

    expect(result.stopReason).toBe('completed');
  });

  it('unknown_tool with feedback: the model sees an error naming the available tools', async () => {
    const model = createScriptedModel([{ toolCalls: [{ name: 'serch', input: {} }] }, { text: 'Sorry.' }]);
    const { events, result } = await collectRun(runToolLoop({ model, tools: [search], prompt: 'Q' }));

    expect(result.stopReason).toBe('completed');
    expect(result.toolCalls[0]).toMatchObject({
      name: 'serch',
      isError: true,
      executed: false,
      output: {
        content: [{ type: 'text', text: "Model called unknown tool 'serch'. Available tools: search." }],
      },
    });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'error', code: 'unknown_tool', toolName: 'serch' }),
    );
  });

  it('unknown_tool with stop: the turn ends at once and the transcript stays valid', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { id: 'a', name: 'search', input: { query: 'x' } },
          { id: 'b', name: 'serch', input: {} },
        ],
      },
    ]);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [search], prompt: 'Q', unknownTool: 'stop' }),
    );

    expect(result.stopReason).toBe('unknown_tool');
    expect(result.toolCalls.map((call) => [call.name, call.executed])).toEqual([
      ['search', false],
      ['serch', false],
    ]);
    expect(result.messages.at(-1)?.role).toBe('tool');
    expect(events).toContainEqual({
      type: 'error',
      code: 'unknown_tool',
      message: "Stopped: the model called unknown tool 'serch'",
    });
  });

  it('gave_up: the model says it cannot complete the task through the explicit-stop tool', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'cannot_complete_task', input: { reason: 'The archive is offline.' } }] },
    ]);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [search], prompt: 'Q', explicitStop: true }),
    );

    expect(result).toMatchObject({
      stopReason: 'gave_up',
      text: 'Unable to complete task: The archive is offline.',
    });
    expect(model.requests[0]?.tools.map((tool) => tool.name)).toEqual(['search', 'cannot_complete_task']);
    expect(events).toContainEqual({
      type: 'content',
      text: 'Unable to complete task: The archive is offline.',
    });
    expect(events).toContainEqual({ type: 'status', message: 'Stopped: The archive is offline.' });
  });

  it('a paused response (pause_turn) is sent back and the turn continues', async () => {
    const model = createScriptedModel([
      { text: 'Searching the web', finishReason: 'pause' },
      { text: 'Found it.' },
    ]);
    const result = await runToolLoop({ model, prompt: 'Q' }).result;

    expect(result).toMatchObject({
      stopReason: 'completed',
      text: 'Searching the webFound it.',
      iterations: 2,
      rounds: 0,
    });
    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Searching the web' }],
    });
  });

  it('refusal: the turn ends with the refusal and no tools run', async () => {
    const model = createScriptedModel({ finishReason: 'refusal' });
    const { result } = await collectRun(runToolLoop({ model, tools: [search], prompt: 'Q' }));

    expect(result).toMatchObject({ stopReason: 'refusal', text: '', iterations: 1 });
    expect(result.messages).toHaveLength(1);
  });

  it('max_tokens: a tool call whose input was cut off is never executed', async () => {
    let executions = 0;
    const counted = defineTool({
      name: 'write_file',
      inputSchema: { type: 'object' },
      execute: () => {
        executions += 1;
        return 'written';
      },
    });
    const model = createScriptedModel({
      text: 'Writing',
      toolCalls: [{ id: 'cut', name: 'write_file', rawInput: '{"path": "a.txt", "content": "Lor' }],
      finishReason: 'max_tokens',
    });
    const result = await runToolLoop({ model, tools: [counted], prompt: 'Q' }).result;

    expect(result.stopReason).toBe('max_tokens');
    expect(executions).toBe(0);
    expect(result.toolCalls[0]).toMatchObject({ toolCallId: 'cut', executed: false, isError: true });
  });

  it('max_tokens: a context window overflow stops the same way', async () => {
    const model = createScriptedModel({ text: 'Partial', finishReason: 'context_window_exceeded' });
    const result = await runToolLoop({ model, prompt: 'Q' }).result;

    expect(result).toMatchObject({ stopReason: 'max_tokens', text: 'Partial' });
  });

  it('model_error: a failing provider ends the turn with the typed error', async () => {
    const failure = new ModelError({
      message: 'Overloaded',
      status: 529,
      retryable: true,
      provider: 'scripted',
    });
    const model = createScriptedModel([searchCall('a'), { error: failure }]);
    const { events, result } = await collectRun(runToolLoop({ model, tools: [search], prompt: 'Q' }));

    expect(result).toMatchObject({ stopReason: 'model_error', rounds: 1, iterations: 2 });
    expect(result.error).toBe(failure);
    expect(events).toContainEqual({ type: 'error', code: 'model_error', message: 'Stopped: Overloaded' });
  });

  it('model_error: an unexpected provider exception is wrapped in a ModelError', async () => {
    const model = createScriptedModel({ error: new TypeError('socket hang up') });
    const result = await runToolLoop({ model, prompt: 'Q' }).result;

    expect(result.stopReason).toBe('model_error');
    expect(ModelError.isInstance(result.error)).toBe(true);
    expect(result.error?.message).toBe('The scripted model scripted-model failed: socket hang up');
  });

  it('model_error: a stream that ends without its finish part was cut off', async () => {
    const model = createScriptedModel({ parts: [{ type: 'text-delta', text: 'Half an ans' }] });
    const result = await runToolLoop({ model, prompt: 'Q' }).result;

    expect(result.stopReason).toBe('model_error');
    expect(result.error?.message).toBe(
      'The scripted stream for scripted-model ended without its finish event: the response was cut off.',
    );
  });

  it('model_error: running out of script names the request', async () => {
    const model = createScriptedModel([searchCall('a')]);
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q' }).result;

    expect(result.error?.message).toBe(
      "Scripted model 'scripted-model' received request #2, but its script has only 1 response.",
    );
  });

  it('aborted: a reason that is a sentence is not given a second full stop, in the message or the status line', async () => {
    const model = createScriptedModel([{ text: 'never' }]);
    const run = runToolLoop({ model, prompt: 'Q' });
    run.abort(new Error('The user closed the window.'));
    const events = [];
    for await (const event of run) events.push(event);
    const result = await run.result;

    expect(result.error?.message).toBe('The turn was aborted by the caller: The user closed the window.');
    expect(events.filter((event) => event.type === 'status').at(-1)).toMatchObject({
      message: 'Stopped: The turn was aborted by the caller: The user closed the window.',
    });
  });

  it('aborted: run.abort() ends the turn and cancels the running tool', async () => {
    let toolSignal: AbortSignal | undefined;
    const started = createDeferred();
    const slow = defineTool({
      name: 'slow',
      inputSchema: { type: 'object' },
      execute: (_input, { signal }) => {
        toolSignal = signal;
        started.resolve();
        return new Promise(() => undefined);
      },
    });
    const model = createScriptedModel([{ toolCalls: [{ name: 'slow', input: {} }] }]);
    const run = runToolLoop({ model, tools: [slow], prompt: 'Q' });
    await started.promise;
    run.abort('user pressed stop');
    const result = await run.result;

    expect(result.stopReason).toBe('aborted');
    expect(TurnAbortedError.isInstance(result.error)).toBe(true);
    expect(result.error?.message).toBe('The turn was aborted by the caller: user pressed stop.');
    expect(toolSignal?.aborted).toBe(true);
    expect(result.messages.at(-1)).toMatchObject({ role: 'tool', content: [{ isError: true }] });
  });

  it('aborted: the caller’s own signal works the same way, even when already aborted', async () => {
    const model = createScriptedModel({ text: 'never' });
    const result = await runToolLoop({ model, prompt: 'Q', signal: AbortSignal.abort('gone') }).result;

    expect(result).toMatchObject({ stopReason: 'aborted', iterations: 0 });
    expect(model.requests).toHaveLength(0);
  });

  it('aborted: an abort during the model stream stops it', async () => {
    const model = createScriptedModel({ hang: true });
    const run = runToolLoop({ model, prompt: 'Q' });
    for await (const event of run) {
      if (event.type === 'status') run.abort();
    }
    const result = await run.result;

    expect(result).toMatchObject({ stopReason: 'aborted', iterations: 1 });
  });
});

describe('the built-in stop reasons', () => {
  const documented = [
    'completed',
    'max_rounds',
    'max_iterations',
    'consecutive_errors',
    'timeout',
    'tool_limit',
    'session_tool_limit',
    'unknown_tool',
    'tool_source_error',
    'gave_up',
    'refusal',
    'max_tokens',
    'aborted',
    'model_error',
    'hook_error',
    'no_progress',
    'budget_exceeded',
    'approval_required',
    'invalid_output',
  ];

  it('are listed in stopReasons, in the order of the README’s table', () => {
    expect(stopReasons).toEqual(documented);
  });

  it('are each told apart from a reason a stopWhen condition names', () => {
    expect(documented.filter((reason) => !isBuiltinStopReason(reason))).toEqual([]);
    expect(isBuiltinStopReason('answer_submitted')).toBe(false);
  });
});
