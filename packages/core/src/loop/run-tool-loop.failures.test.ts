import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelError } from '../errors/model-error.js';
import { ToolSourceError } from '../errors/tool-source-error.js';
import type { Model } from '../model/model.js';
import { defineTool } from '../tools/define-tool.js';
import type { ToolSource } from '../tools/tool-source.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';

const echo = defineTool({
  name: 'echo',
  inputSchema: z.object({ value: z.string() }),
  execute: ({ value }) => `echo ${value}`,
});

function brokenSource(name?: string): ToolSource {
  const source: ToolSource = {
    listTools: () => Promise.reject(new Error('connection refused')),
    callTool: () => Promise.reject(new Error('not reached')),
  };
  return name === undefined ? source : { ...source, name };
}

describe('a model that fails before its stream starts', () => {
  it('stream() throwing synchronously ends the turn with model_error, an error event and done', async () => {
    const model: Model = {
      provider: 'custom',
      modelId: 'thrower',
      stream: () => {
        throw new Error('no credentials configured');
      },
    };
    const { events, result } = await collectRun(runToolLoop({ model, prompt: 'Q' }));

    expect(result.stopReason).toBe('model_error');
    expect(ModelError.isInstance(result.error)).toBe(true);
    expect(result.error?.message).toBe('The custom model thrower failed: no credentials configured');
    expect(events.at(-1)?.type).toBe('done');
    expect(events.filter((event) => event.type === 'error').map((event) => event.code)).toEqual([
      'model_error',
    ]);
  });

  it('stream() returning something that is not iterable ends the turn with model_error', async () => {
    const model = { provider: 'custom', modelId: 'broken', stream: () => 42 } as unknown as Model;
    const result = await runToolLoop({ model, prompt: 'Q' }).result;

    expect(result.stopReason).toBe('model_error');
  });
});

describe('a tool source that cannot list its tools', () => {
  it('ends the turn with tool_source_error, naming the source, before any model request', async () => {
    const model = createScriptedModel({ text: 'never asked' });
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [echo, brokenSource('crm')], prompt: 'Q' }),
    );

    expect(result.stopReason).toBe('tool_source_error');
    expect(ToolSourceError.isInstance(result.error)).toBe(true);
    expect(result.error?.message).toBe("Could not list the tools of tool source 'crm': connection refused");
    expect(model.requests).toHaveLength(0);
    expect(events.at(-1)?.type).toBe('done');
    expect(events).toContainEqual({
      type: 'error',
      code: 'tool_source_error',
      message: "Stopped: Could not list the tools of tool source 'crm': connection refused",
    });
  });

  it('names an unnamed source by its position', async () => {
    const result = await runToolLoop({
      model: createScriptedModel({ text: 'never asked' }),
      tools: [echo, brokenSource()],
      prompt: 'Q',
    }).result;

    expect(result.error?.message).toBe('Could not list the tools of tool source #2: connection refused');
  });

  it("with toolSourceError: 'skip', runs with the tools that listed and says which source was left out", async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'echo', input: { value: 'a' } }] },
      { text: 'ok' },
    ]);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [echo, brokenSource('crm')], prompt: 'Q', toolSourceError: 'skip' }),
    );

    expect(result.stopReason).toBe('completed');
    expect(model.requests[0]?.tools.map((tool) => tool.name)).toEqual(['echo']);
    expect(events).toContainEqual({
      type: 'warning',
      code: 'tool_source_skipped',
      message:
        "Could not list the tools of tool source 'crm': connection refused. Its tools are left out of this turn.",
    });
  });

  it('a listing that is not a list of tool definitions is the source failing, not a crash', async () => {
    const source = {
      listTools: () => Promise.resolve({ tools: [] }),
      callTool: () => Promise.reject(new Error('not reached')),
    } as unknown as ToolSource;
    const result = await runToolLoop({
      model: createScriptedModel({ text: 'x' }),
      tools: [source],
      prompt: 'Q',
    }).result;

    expect(result.stopReason).toBe('tool_source_error');
    expect(result.error?.message).toBe(
      'Could not list the tools of tool source #1: listTools() resolved with something other than a list of tool definitions (each needs a name and an inputSchema object).',
    );
  });

  it('two tools with one name end the turn with tool_source_error', async () => {
    const result = await runToolLoop({
      model: createScriptedModel({ text: 'never asked' }),
      tools: [echo, { ...echo }],
      prompt: 'Q',
    }).result;

    expect(result.stopReason).toBe('tool_source_error');
    expect(result.error?.message).toBe(
      "Two tools are named 'echo'. Rename one, or connect MCP servers through connectMcpServers, which namespaces colliding names.",
    );
  });
});

describe('whatever a tool throws becomes an error result', () => {
  const cases: Array<[string, () => unknown]> = [
    ['a null-prototype object', () => Object.create(null) as object],
    [
      'an Error whose message getter throws',
      () => {
        const error = new Error('x');
        Object.defineProperty(error, 'message', {
          get() {
            throw new Error('getter');
          },
        });
        return error;
      },
    ],
    [
      'an object whose toString throws',
      () => ({
        toString() {
          throw new Error('toString');
        },
      }),
    ],
    [
      'a Proxy whose traps throw',
      () =>
        new Proxy(
          {},
          {
            has() {
              throw new Error('has');
            },
            get() {
              throw new Error('get');
            },
            getPrototypeOf() {
              throw new Error('getPrototypeOf');
            },
          },
        ),
    ],
    ['a symbol', () => Symbol('odd')],
    ['undefined', () => undefined],
  ];

  it.each(cases)('%s', async (_name, makeThrown) => {
    const odd = defineTool({
      name: 'odd',
      inputSchema: z.object({}),
      execute: () => {
        throw makeThrown();
      },
    });
    const model = createScriptedModel([{ toolCalls: [{ name: 'odd', input: {} }] }, { text: 'Recovered.' }]);
    const { events, result } = await collectRun(runToolLoop({ model, tools: [odd], prompt: 'Q' }));

    expect(result.stopReason).toBe('completed');
    expect(result.toolCalls[0]).toMatchObject({ isError: true, executed: true });
    const [content] = result.toolCalls[0]?.output.content ?? [];
    expect(content?.type === 'text' && content.text.startsWith("Tool 'odd' failed: ")).toBe(true);
    expect(events.at(-1)?.type).toBe('done');
  });
});
