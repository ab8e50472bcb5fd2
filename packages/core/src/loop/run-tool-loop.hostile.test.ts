import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvalidToolInputError } from '../errors/invalid-tool-input-error.js';
import { TurnTimeoutError } from '../errors/turn-timeout-error.js';
import type { Message } from '../model/messages.js';
import type { Model, ModelStreamPart } from '../model/model.js';
import { defineTool, type Tool } from '../tools/define-tool.js';
import type { ToolSource } from '../tools/tool-source.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';
import type { ToolLoopOptions } from './tool-loop-options.js';
import type { LoopResult } from './loop-result.js';
import { createDeferred } from '../../test/deferred.js';
import { withXmlTools } from '../xml/with-xml-tools.js';

const usage = { inputTokens: 1, outputTokens: 1 };

/** A model whose first response is `parts` (then a finish), and whose later responses answer "Done.". */
function modelAnswering(parts: unknown[]): Model {
  let requests = 0;
  return {
    provider: 'custom',
    modelId: 'odd',
    async *stream() {
      requests += 1;
      if (requests === 1) {
        for (const part of parts) yield (await Promise.resolve(part)) as ModelStreamPart;
        return;
      }
      yield { type: 'text', text: 'Done.' };
      yield { type: 'finish', finishReason: 'end', usage };
    },
  };
}

const echo = defineTool({
  name: 'echo',
  inputSchema: z.object({ value: z.string().optional() }),
  execute: ({ value }) => `echo ${value ?? ''}`,
});

describe('options that are not what they claim to be are refused at once', () => {
  const model = createScriptedModel({ text: 'hi' });
  it.each<[string, Partial<ToolLoopOptions>, string]>([
    [
      'a message whose content is neither text nor a list of parts',
      { messages: [{ role: 'assistant', content: 'b' } as unknown as Message] },
      "Invalid option 'messages[0].content': an assistant message's content must be a list of parts.",
    ],
    [
      'a message that is not an object',
      { messages: [null as unknown as Message] },
      "Invalid option 'messages[0]': expected a message object with a role ('user', 'assistant' or 'tool').",
    ],
    [
      'messages that are not a list',
      { messages: 'hello' as unknown as Message[] },
      "Invalid option 'messages': expected a list of messages.",
    ],
    [
      'a tools entry that is neither a tool nor a tool source',
      { tools: [undefined as unknown as Tool<unknown>] },
      "Invalid option 'tools[0]': expected a tool from defineTool or a tool source (listTools and callTool).",
    ],
    [
      'a signal that is not an AbortSignal',
      { signal: {} as AbortSignal },
      "Invalid option 'signal': expected an AbortSignal.",
    ],
  ])('%s', (_name, options, message) => {
    const caller = new AbortController();
    expect(() => runToolLoop({ model, prompt: 'Q', signal: caller.signal, ...options })).toThrow(
      InvalidArgumentError,
    );
    expect(() => runToolLoop({ model, prompt: 'Q', signal: caller.signal, ...options })).toThrow(message);
    expect(getEventListeners(caller.signal, 'abort')).toEqual([]);
  });
});

describe('what a custom model streams is checked', () => {
  it.each<[string, unknown[]]>([
    ['a tool call without a name', [{ type: 'tool-call', id: 'a', input: {} }]],
    ['a tool call whose name is a symbol', [{ type: 'tool-call', id: 'a', name: Symbol('w'), input: {} }]],
    ['a tool call without an id', [{ type: 'tool-call', name: 'echo', input: {} }]],
    ['a finish without usage', [{ type: 'finish', finishReason: 'end' }]],
    ['a part that is null', [null]],
  ])('%s ends the turn with model_error naming the model', async (_name, parts) => {
    const stream = [...parts];
    if (!parts.some((part) => (part as { type?: unknown } | null)?.type === 'finish')) {
      stream.push({ type: 'finish', finishReason: 'tool_calls', usage });
    }
    const { events, result } = await collectRun(
      runToolLoop({ model: modelAnswering(stream), tools: [echo], prompt: 'Q', explicitStop: false }),
    );

    expect(result.stopReason).toBe('model_error');
    expect(result.error?.message).toMatch(/^The custom model odd sent /);
    expect(events.at(-1)?.type).toBe('done');
  });
});

describe('generated status lines', () => {
  it('a tool input that cannot become JSON neither crashes the process nor the turn', async () => {
    const input: Record<string, unknown> = {};
    input.self = input;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const model = modelAnswering([
        { type: 'tool-call', id: 'c1', name: 'echo', input: { value: 'x' } },
        { type: 'tool-call', id: 'c2', name: 'loose', input },
        { type: 'finish', finishReason: 'tool_calls', usage },
      ]);
      const loose: ToolSource = {
        listTools: () => Promise.resolve([{ name: 'loose', inputSchema: { type: 'object' } }]),
        callTool: () => Promise.resolve({ content: [{ type: 'text', text: 'ok' }] }),
      };
      const statusModel = createScriptedModel({ text: 'Working on it' });
      const result = await runToolLoop({ model, statusModel, tools: [echo, loose], prompt: 'Q' }).result;
      await new Promise((resolve) => setImmediate(resolve));

      expect(result.stopReason).toBe('completed');
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a tool that finishes before its sentence still gets the template line', async () => {
    const statusModel = createScriptedModel({ hang: true });
    const model = createScriptedModel([{ toolCalls: [{ name: 'echo', input: {} }] }, { text: 'Done.' }]);
    const { events } = await collectRun(runToolLoop({ model, statusModel, tools: [echo], prompt: 'Q' }));

    expect(events).toContainEqual({ type: 'status', message: 'Using Echo...' });
  });

  it('cuts long arguments in the status prompt', async () => {
    const statusModel = createScriptedModel({ text: 'Writing the file' });
    const model = createScriptedModel([
      { toolCalls: [{ name: 'echo', input: { value: 'x'.repeat(100_000) } }] },
      { text: 'Done.' },
    ]);
    await runToolLoop({ model, statusModel, tools: [echo], prompt: 'Q' }).result;
    const [statusRequest] = statusModel.requests;
    const prompt = statusRequest?.messages[0]?.content;

    expect(typeof prompt === 'string' && prompt.length).toBeLessThan(2_000);
  });
});

describe('a tool cannot change what the model said', () => {
  it('the transcript and the tool-start event keep the arguments the model wrote', async () => {
    const normalize = defineTool({
      name: 'normalize',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
      execute: (input) => {
        const argumentsObject = input as Record<string, unknown>;
        argumentsObject.city = 'PARIS';
        argumentsObject.injected = true;
        return 'ok';
      },
    });
    const model = createScriptedModel([
      { toolCalls: [{ name: 'normalize', input: { city: 'paris' } }] },
      { text: 'Done.' },
    ]);
    const { events } = await collectRun(runToolLoop({ model, tools: [normalize], prompt: 'Q' }));

    expect(model.requests[1]?.messages[1]).toMatchObject({ content: [{ input: { city: 'paris' } }] });
    expect(events.find((event) => event.type === 'tool-start')).toMatchObject({ input: { city: 'paris' } });
  });
});

describe('a turn inside a tool of another turn', () => {
  it("ends aborted, not timeout, when the outer turn's deadline stops it", async () => {
    const inner = createScriptedModel({ hang: true });
    const innerRun = createDeferred<LoopResult>();
    const delegate = defineTool({
      name: 'delegate',
      inputSchema: z.object({}),
      execute: async (_input, { signal }) => {
        const run = runToolLoop({ model: inner, prompt: 'sub-task', signal, timeoutMs: 60_000 });
        innerRun.resolve(await run.result);
        return 'done';
      },
    });
    const outer = createScriptedModel([{ toolCalls: [{ name: 'delegate', input: {} }] }]);
    const result = await runToolLoop({ model: outer, tools: [delegate], prompt: 'Q', timeoutMs: 20 }).result;
    const innerResult = await innerRun.promise;

    expect(result.stopReason).toBe('timeout');
    expect(innerResult.stopReason).toBe('aborted');
    expect(TurnTimeoutError.isInstance(innerResult.error?.cause)).toBe(true);
  });
});

describe('more from the review of the loop', () => {
  const bad = defineTool({
    name: 'bad',
    inputSchema: z.object({}),
    execute: () => {
      throw new Error('nope');
    },
  });

  it('a streak that reaches maxConsecutiveErrors stops the calls of the response that have not started', async () => {
    const ran: string[] = [];
    const charge = defineTool({
      name: 'charge_card',
      inputSchema: z.object({}),
      execute: () => {
        ran.push('charge');
        return 'charged';
      },
    });
    const model = createScriptedModel([
      { toolCalls: [{ name: 'bad' }, { name: 'bad' }, { name: 'charge_card' }] },
      { text: 'never asked' },
    ]);
    const result = await runToolLoop({
      model,
      tools: [bad, charge],
      prompt: 'Q',
      maxConsecutiveErrors: 2,
      toolConcurrency: 1,
    }).result;

    expect(result.stopReason).toBe('consecutive_errors');
    expect(ran).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.executed])).toEqual([
      ['bad', true],
      ['bad', true],
      ['charge_card', false],
    ]);
    expect(result.toolCalls[2]?.output.content).toEqual([
      { type: 'text', text: 'Not executed: the turn stopped after 2 tool calls failed in a row.' },
    ]);
  });

  it('a paused response with tool calls does not join its text to the answer', async () => {
    const model = createScriptedModel([
      { text: 'Let me check. ', toolCalls: [{ name: 'echo', input: {} }], finishReason: 'pause' },
      { text: 'The answer.' },
    ]);
    const result = await runToolLoop({ model, tools: [echo], prompt: 'Q' }).result;

    expect(result.text).toBe('The answer.');
  });

  it("a renamed id never collides with one of the model's own, and the warning names the repeated id", async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { id: 'x', name: 'echo', input: { value: '1' } },
          { id: 'x', name: 'echo', input: { value: '2' } },
          { id: 'x_2', name: 'echo', input: { value: '3' } },
        ],
      },
      { text: 'Done.' },
    ]);
    const { events, result } = await collectRun(runToolLoop({ model, tools: [echo], prompt: 'Q' }));

    const ids = result.toolCalls.map((call) => call.toolCallId);
    expect(ids[0]).toBe('x');
    expect(ids[2]).toBe('x_2');
    expect(new Set(ids).size).toBe(3);
    expect(events.filter((event) => event.type === 'warning')).toEqual([
      {
        type: 'warning',
        code: 'duplicate_tool_call_id',
        message: `The model gave more than one tool call the id 'x'; the repeats were renamed ${ids[1] ?? ''} so that each call gets its own result.`,
      },
    ]);
  });

  it('a skipped source whose error ends with a period gets one period, not two', async () => {
    const source: ToolSource = {
      name: 'crm',
      listTools: () => Promise.reject(new Error('Connection refused.')),
      callTool: () => Promise.reject(new Error('not reached')),
    };
    const { events } = await collectRun(
      runToolLoop({
        model: createScriptedModel({ text: 'ok' }),
        tools: [source],
        prompt: 'Q',
        toolSourceError: 'skip',
      }),
    );

    expect(events).toContainEqual({
      type: 'warning',
      code: 'tool_source_skipped',
      message:
        "Could not list the tools of tool source 'crm': Connection refused. Its tools are left out of this turn.",
    });
  });

  it('a source whose callTool returns a plain value (not a promise) still works', async () => {
    const source = {
      listTools: () => Promise.resolve([{ name: 'sync', inputSchema: { type: 'object' } }]),
      callTool: () => ({ content: [{ type: 'text', text: 'at once' }] }),
    } as unknown as ToolSource;
    const model = createScriptedModel([{ toolCalls: [{ name: 'sync', input: {} }] }, { text: 'Done.' }]);
    const result = await runToolLoop({ model, tools: [source], prompt: 'Q' }).result;

    expect(result.toolCalls[0]?.output).toEqual({ content: [{ type: 'text', text: 'at once' }] });
  });

  it("a tool's own InvalidToolInputError counts as a run that failed", async () => {
    const strict = defineTool({
      name: 'strict',
      inputSchema: z.object({}),
      execute: () => {
        throw new InvalidToolInputError({ toolName: 'nested', issues: ['bad'] });
      },
    });
    const model = createScriptedModel([{ toolCalls: [{ name: 'strict', input: {} }] }, { text: 'Done.' }]);
    const result = await runToolLoop({ model, tools: [strict], prompt: 'Q' }).result;

    expect(result.toolCalls[0]).toMatchObject({ executed: true, isError: true });
  });
});

describe('a tool source that answers with something else than a ToolOutput', () => {
  const blocksExpected = 'an object whose content holds something other than blocks';

  it.each<[string, unknown, string]>([
    ['a string', 'hello', 'a string'],
    ['an object without content', { text: 'hello' }, 'an object without a content list'],
    ['nothing', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a list', [{ type: 'text', text: 'hello' }], 'a list'],
    ['content that holds text, not blocks', { content: ['hello'] }, blocksExpected],
    ['content that holds null', { content: [null] }, blocksExpected],
    ['content with a block, then text', { content: [{ type: 'text', text: 'a' }, 'b'] }, blocksExpected],
  ])('%s becomes an error result that says what it was', async (_name, answer, described) => {
    const source = {
      listTools: () => Promise.resolve([{ name: 'odd', inputSchema: { type: 'object' } }]),
      callTool: () => Promise.resolve(answer),
    } as unknown as ToolSource;
    const model = createScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'odd', input: {} }] },
      { text: 'Done.' },
    ]);
    const { events, result } = await collectRun(runToolLoop({ model, tools: [source], prompt: 'Q' }));
    const text = `Tool 'odd' failed: its tool source returned ${described} instead of a ToolOutput ({ content: [...] }).`;

    expect(result.toolCalls[0]).toMatchObject({
      output: { content: [{ type: 'text', text }], isError: true },
      isError: true,
      executed: true,
    });
    expect(events).toContainEqual({
      type: 'error',
      code: 'tool_error',
      message: text,
      toolName: 'odd',
      toolCallId: 'c1',
    });
  });
});

describe('tool input nested deeper than 128 levels, as a custom model or a wrapper makes it', () => {
  const nest = (levels: number): unknown => {
    let value: unknown = {};
    for (let level = 1; level < levels; level++) value = { a: value };
    return value;
  };
  /** Objects shared down `levels` steps of an object and a list each: 2^(levels - 1) paths to the last. */
  const share = (levels: number): unknown => {
    let value: unknown = {};
    for (let level = 1; level < levels; level++) value = { left: value, right: [value] };
    return value;
  };
  const looped: Record<string, unknown> = {};
  looped.self = { again: looped };
  const callWith = (input: unknown) =>
    modelAnswering([
      { type: 'tool-call', id: 'c1', name: 'configure', input },
      { type: 'finish', finishReason: 'tool_calls', usage },
    ]);

  /** A text-only model that writes `block` in its first answer and "Done." in the next, behind `withXmlTools`. */
  const xmlAnswering = (block: string): Model => {
    let steps = 0;
    const text: Model = {
      provider: 'custom',
      modelId: 'text-only',
      async *stream() {
        steps += 1;
        yield await Promise.resolve({ type: 'text', text: steps === 1 ? block : 'Done.' } as const);
        yield { type: 'finish', finishReason: 'end', usage };
      },
    };
    return withXmlTools(text);
  };
  const deepOptions = `<param:options>${JSON.stringify(nest(128))}</param:options>`;

  it.each<[string, () => Model, string?]>([
    ['an object 5,000 levels deep', () => callWith(nest(5000))],
    ['objects shared down 129 levels (2^64 paths)', () => callWith(share(65))],
    ['an input that reaches itself', () => callWith(looped)],
    [
      'an XML parameter of 128 levels, one more inside the input',
      () => xmlAnswering(`<tool:configure>${deepOptions}</tool:configure>`),
    ],
    [
      'the same beside a parameter that does not convert (the call has its own error already)',
      () => xmlAnswering(`<tool:configure>${deepOptions}<param:level>high</param:level></tool:configure>`),
      "Invalid arguments for tool 'configure': parameter 'level' should be number, got \"high\"",
    ],
    [
      "a wrapper's call that says its input is wrong, and keeps it 5,000 levels deep",
      () =>
        modelAnswering([
          { type: 'tool-call', id: 'c1', name: 'configure', input: nest(5000), inputError: 'it is wrong' },
          { type: 'finish', finishReason: 'tool_calls', usage },
        ]),
      "Invalid arguments for tool 'configure': it is wrong",
    ],
  ])('%s is answered with an error result, and runs no tool', async (_kind, model, error) => {
    const configure = defineTool({
      name: 'configure',
      inputSchema: z.object({
        options: z.record(z.string(), z.unknown()).optional(),
        level: z.number().optional(),
      }),
      execute: () => 'configured',
    });
    const executed = vi.spyOn(configure, 'execute');

    const result = await runToolLoop({
      model: model(),
      tools: [configure],
      prompt: 'Q',
      statusMessages: 'off',
    }).result;

    expect(result).toMatchObject({ stopReason: 'completed', text: 'Done.' });
    expect(executed).not.toHaveBeenCalled();
    expect(result.toolCalls).toMatchObject([
      {
        isError: true,
        output: {
          content: [
            {
              type: 'text',
              text:
                error ??
                "Invalid arguments for tool 'configure': the arguments are nested deeper than 128 levels",
            },
          ],
        },
      },
    ]);
    // The call goes back to the model with empty arguments, which any wire can write.
    const [call] = result.messages[1]?.content ?? [];
    expect(call).toMatchObject({ type: 'tool-call' });
    expect(typeof call === 'object' && 'input' in call ? call.input : undefined).toEqual({});
  });
});
