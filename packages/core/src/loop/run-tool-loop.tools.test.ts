import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type ToolExecuteOptions } from '../tools/define-tool.js';
import type { ToolSource } from '../tools/tool-source.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { createDeferred } from '../../test/deferred.js';
import { runToolLoop } from './run-tool-loop.js';

describe('tool execution', () => {
  it('runs the calls of one response concurrently and returns results in call order', async () => {
    // `slow` can only finish after `fast` has, and `fast` only once both are running: sequential calls would hang.
    const bothRunning = createDeferred();
    const fastFinished = createDeferred();
    const running: string[] = [];
    const wait = defineTool({
      name: 'wait',
      inputSchema: z.object({ name: z.enum(['slow', 'fast']) }),
      execute: async ({ name }) => {
        running.push(name);
        if (running.length === 2) bothRunning.resolve();
        if (name === 'slow') {
          await fastFinished.promise;
        } else {
          await bothRunning.promise;
          fastFinished.resolve();
        }
        return `${name} done`;
      },
    });
    const model = createScriptedModel([
      {
        toolCalls: [
          { id: 's', name: 'wait', input: { name: 'slow' } },
          { id: 'f', name: 'wait', input: { name: 'fast' } },
        ],
      },
      { text: 'Both done.' },
    ]);
    const { events, result } = await collectRun(runToolLoop({ model, tools: [wait], prompt: 'Q' }));

    expect(running).toEqual(['slow', 'fast']);
    expect(events.filter((event) => event.type === 'tool-result').map((event) => event.toolCallId)).toEqual([
      'f',
      's',
    ]);
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: [{ toolCallId: 's' }, { toolCallId: 'f' }],
    });
    expect(result.toolCalls.map((call) => call.toolCallId)).toEqual(['s', 'f']);
  });

  it('gives each call its own copy of the arguments: a tool that changes them leaves the transcript as the model sent it', async () => {
    const input = { city: 'Paris', days: [1, 2], options: { metric: true } };
    const vandal = defineTool({
      name: 'vandal',
      inputSchema: { type: 'object' },
      execute: (args: Record<string, unknown>) => {
        args.city = 'changed';
        (args.days as number[]).push(3);
        (args.options as Record<string, unknown>).metric = false;
        return 'ok';
      },
    });
    const model = createScriptedModel([
      { toolCalls: [{ id: 'v', name: 'vandal', input }] },
      { text: 'Done.' },
    ]);
    const { result } = await collectRun(runToolLoop({ model, tools: [vandal], prompt: 'Q' }));

    expect(result.messages[1]).toMatchObject({
      role: 'assistant',
      content: [
        { type: 'tool-call', id: 'v', input: { city: 'Paris', days: [1, 2], options: { metric: true } } },
      ],
    });
    expect(model.requests[1]?.messages[1]).toMatchObject({
      content: [{ input: { city: 'Paris', days: [1, 2], options: { metric: true } } }],
    });
  });

  it('honours a concurrency cap', async () => {
    let active = 0;
    let peak = 0;
    const step = defineTool({
      name: 'step',
      inputSchema: { type: 'object' },
      execute: async () => {
        active += 1;
        peak = Math.max(peak, active);
        await Promise.resolve();
        active -= 1;
        return 'ok';
      },
    });
    const calls = Array.from({ length: 5 }, () => ({ name: 'step', input: {} }));
    const model = createScriptedModel([{ toolCalls: calls }, { text: 'Done.' }]);
    await runToolLoop({ model, tools: [step], prompt: 'Q', toolConcurrency: 2 }).result;

    expect(peak).toBe(2);
  });

  it('validates arguments against a zod schema before execute; invalid ones become an error result', async () => {
    let executed = false;
    const weather = defineTool({
      name: 'get_weather',
      inputSchema: z.object({ city: z.string(), days: z.number().int().max(7) }),
      execute: () => {
        executed = true;
        return 'never';
      },
    });
    const model = createScriptedModel([
      { toolCalls: [{ name: 'get_weather', input: { city: 42, days: 30 } }] },
      { text: 'Sorry.' },
    ]);
    const { events, result } = await collectRun(runToolLoop({ model, tools: [weather], prompt: 'Q' }));

    expect(executed).toBe(false);
    expect(result.toolCalls[0]?.output).toEqual({
      content: [
        {
          type: 'text',
          text: "Invalid arguments for tool 'get_weather': /city: Invalid input: expected string, received number; /days: Too big: expected number to be <=7",
        },
      ],
      isError: true,
    });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'error', code: 'invalid_tool_input', toolName: 'get_weather' }),
    );
  });

  it('validates arguments against a JSON Schema', async () => {
    const echo = defineTool({
      name: 'echo',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      execute: (input) => input,
    });
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'echo', input: { text: 5 } },
          { name: 'echo', input: {} },
          { name: 'echo', input: { text: 'hi' } },
        ],
      },
      { text: 'Done.' },
    ]);
    const result = await runToolLoop({ model, tools: [echo], prompt: 'Q' }).result;

    expect(result.toolCalls.map((call) => call.output.content[0])).toEqual([
      {
        type: 'text',
        text: 'Invalid arguments for tool \'echo\': /text: Instance type "number" is invalid. Expected "string".',
      },
      {
        type: 'text',
        text: 'Invalid arguments for tool \'echo\': /: Instance does not have required property "text".',
      },
      { type: 'text', text: '{"text":"hi"}' },
    ]);
    expect(result.toolCalls[2]?.output.structuredContent).toEqual({ text: 'hi' });
  });

  it('arguments that are not JSON are an error result and never reach the tool', async () => {
    let executed = false;
    const write = defineTool({
      name: 'write',
      inputSchema: { type: 'object' },
      execute: () => {
        executed = true;
      },
    });
    const model = createScriptedModel([
      { toolCalls: [{ name: 'write', rawInput: '{"path": ' }] },
      { text: 'Oops.' },
    ]);
    const result = await runToolLoop({ model, tools: [write], prompt: 'Q' }).result;

    expect(executed).toBe(false);
    expect(result.toolCalls[0]).toMatchObject({ isError: true, executed: false });
    expect(result.toolCalls[0]?.output.content[0]).toMatchObject({
      text: expect.stringMatching(
        /^Invalid arguments for tool 'write': the arguments are not valid JSON \(/,
      ) as string,
    });
  });

  it('a tool timeout is an error result the model sees, not a stop', async () => {
    let toolSignal: AbortSignal | undefined;
    const stuck = defineTool({
      name: 'stuck',
      inputSchema: { type: 'object' },
      execute: (_input, { signal }) => {
        toolSignal = signal;
        return new Promise(() => undefined);
      },
    });
    const model = createScriptedModel([
      { toolCalls: [{ name: 'stuck', input: {} }] },
      { text: 'It timed out.' },
    ]);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [stuck], prompt: 'Q', toolTimeoutMs: 20 }),
    );

    expect(result.stopReason).toBe('completed');
    expect(toolSignal?.aborted).toBe(true);
    expect(result.toolCalls[0]?.output).toEqual({
      content: [{ type: 'text', text: "Tool 'stuck' did not finish within 20 ms and was cancelled." }],
      isError: true,
    });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'error', code: 'tool_timeout', toolName: 'stuck' }),
    );
  });

  it('a signal a tool reads only after its call timed out is already aborted, with the timeout', async () => {
    let options: ToolExecuteOptions | undefined;
    const stuck = defineTool({
      name: 'stuck',
      inputSchema: { type: 'object' },
      execute: (_input, executeOptions) => {
        options = executeOptions;
        return new Promise(() => undefined);
      },
    });
    const model = createScriptedModel([
      { toolCalls: [{ name: 'stuck', input: {} }] },
      { text: 'It timed out.' },
    ]);
    const result = await runToolLoop({ model, tools: [stuck], prompt: 'Q', toolTimeoutMs: 20 }).result;

    expect(result.toolCalls[0]?.isError).toBe(true);
    expect(options?.toolCallId).toBe(result.toolCalls[0]?.toolCallId);
    expect(options?.signal.aborted).toBe(true);
    expect(options?.signal.reason).toMatchObject({ name: 'ToolTimeoutError' });
  });

  it('a signal a tool reads only after its call ended is never aborted by the turn after it', async () => {
    let options: ToolExecuteOptions | undefined;
    const quick = defineTool({
      name: 'quick',
      inputSchema: { type: 'object' },
      execute: (_input, executeOptions) => {
        options = executeOptions;
        return 'done';
      },
    });
    const run = runToolLoop({
      model: createScriptedModel([
        { toolCalls: [{ name: 'quick', input: {} }] },
        { toolCalls: [{ name: 'quick', input: {} }] },
      ]),
      tools: [quick],
      prompt: 'Q',
    });
    for await (const event of run) if (event.type === 'tool-result' && event.round === 1) run.abort('enough');
    const result = await run.result;

    expect(result.stopReason).toBe('aborted');
    expect(options?.signal.aborted).toBe(false);
  });

  it('takes tools from any tool source, alongside local tools', async () => {
    const calls: string[] = [];
    const remote: ToolSource = {
      listTools: () => Promise.resolve([{ name: 'remote_search', inputSchema: { type: 'object' } }]),
      callTool: ({ name, input }) => {
        calls.push(`${name} ${JSON.stringify(input)}`);
        return Promise.resolve({
          content: [{ type: 'text', text: 'remote result' }],
          structuredContent: { hits: 1 },
        });
      },
    };
    const local = defineTool({ name: 'local_note', inputSchema: { type: 'object' }, execute: () => 'noted' });
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'remote_search', input: { q: 'x' } },
          { name: 'local_note', input: {} },
        ],
      },
      { text: 'Done.' },
    ]);
    const result = await runToolLoop({ model, tools: [remote, local], prompt: 'Q' }).result;

    expect(model.requests[0]?.tools.map((tool) => tool.name)).toEqual(['local_note', 'remote_search']);
    expect(calls).toEqual(['remote_search {"q":"x"}']);
    expect(result.toolCalls.map((call) => call.output)).toEqual([
      { content: [{ type: 'text', text: 'remote result' }], structuredContent: { hits: 1 } },
      { content: [{ type: 'text', text: 'noted' }] },
    ]);
  });

  it('an isError result from a source counts as a tool error', async () => {
    const source: ToolSource = {
      listTools: () => Promise.resolve([{ name: 'read_file', inputSchema: { type: 'object' } }]),
      callTool: () => Promise.resolve({ content: [{ type: 'text', text: 'Access denied' }], isError: true }),
    };
    const call = { toolCalls: [{ name: 'read_file', input: {} }] };
    const model = createScriptedModel([call, call, call]);
    const result = await runToolLoop({ model, tools: [source], prompt: 'Q' }).result;

    expect(result.stopReason).toBe('consecutive_errors');
  });
});
