import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { defineTool } from '../tools/define-tool.js';
import type { ToolSource } from '../tools/tool-source.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { createDeferred } from '../../test/deferred.js';
import { runToolLoop } from './run-tool-loop.js';

const echo = defineTool({
  name: 'echo',
  inputSchema: z.object({ value: z.string() }),
  execute: ({ value }) => `echo ${value}`,
});

function sourceListing(definitions: unknown, name?: string): ToolSource {
  const source: ToolSource = {
    listTools: () => Promise.resolve(definitions as ToolDefinition[]),
    callTool: (request) => Promise.resolve({ content: [{ type: 'text', text: `ran ${request.name}` }] }),
  };
  return name === undefined ? source : { ...source, name };
}

describe('the tools of a turn', () => {
  it('are offered local tools first, then each source’s in its order, control tools last', async () => {
    const model = createScriptedModel({ text: 'ok' });
    await runToolLoop({
      model,
      tools: [
        sourceListing([{ name: 'b', inputSchema: { type: 'object' } }]),
        echo,
        sourceListing([{ name: 'c', inputSchema: { type: 'object' } }]),
      ],
      prompt: 'Q',
      explicitStop: true,
    }).result;

    expect(model.requests[0]?.tools.map((tool) => tool.name)).toEqual([
      'echo',
      'b',
      'c',
      'cannot_complete_task',
    ]);
  });

  it("pass on a source's warnings about its listing as warning events, skipping entries not of that shape", async () => {
    const source: ToolSource = {
      ...sourceListing([{ name: 'b', inputSchema: { type: 'object' } }]),
      warnings: [
        { code: 'tool_skipped', message: "Tool 'deep' is left out." },
        { code: 7, message: 'not a code' } as unknown as { code: string; message: string },
      ],
    };
    const { events } = await collectRun(
      runToolLoop({ model: createScriptedModel({ text: 'ok' }), tools: [source], prompt: 'Q' }),
    );

    expect(events.filter((event) => event.type === 'warning')).toEqual([
      { type: 'warning', code: 'tool_skipped', message: "Tool 'deep' is left out." },
    ]);
  });

  it('each call goes to the source that listed its tool', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'c', input: {} },
          { name: 'echo', input: { value: 'x' } },
        ],
      },
      { text: 'ok' },
    ]);
    const result = await runToolLoop({
      model,
      tools: [sourceListing([{ name: 'c', inputSchema: { type: 'object' } }], 'crm'), echo],
      prompt: 'Q',
    }).result;

    expect(result.toolCalls.map((call) => call.output)).toEqual([
      { content: [{ type: 'text', text: 'ran c' }] },
      { content: [{ type: 'text', text: 'echo x' }] },
    ]);
  });

  it('a tool named like a control tool ends the turn with tool_source_error', async () => {
    const result = await runToolLoop({
      model: createScriptedModel({ text: 'never asked' }),
      tools: [sourceListing([{ name: 'cannot_complete_task', inputSchema: { type: 'object' } }])],
      prompt: 'Q',
      explicitStop: true,
    }).result;

    expect(result.stopReason).toBe('tool_source_error');
    expect(result.error?.message).toBe(
      "Two tools are named 'cannot_complete_task'. Rename one, or connect MCP servers through connectMcpServers, which namespaces colliding names.",
    );
  });

  it.each<[string, unknown]>([
    ['a definition without a name', [{ inputSchema: { type: 'object' } }]],
    ['a definition whose input schema is not an object', [{ name: 'x', inputSchema: 'object' }]],
    ['a definition whose input schema is null', [{ name: 'x', inputSchema: null }]],
    ['a definition that is null', [null]],
    ['a definition that is undefined', [undefined]],
    ['a good definition and a bad one', [{ name: 'x', inputSchema: { type: 'object' } }, { name: 'y' }]],
  ])('a listing with %s is the source failing', async (_case, definitions) => {
    const result = await runToolLoop({
      model: createScriptedModel({ text: 'never asked' }),
      tools: [sourceListing(definitions)],
      prompt: 'Q',
    }).result;

    expect(result.stopReason).toBe('tool_source_error');
    expect(result.error?.message).toBe(
      'Could not list the tools of tool source #1: listTools() resolved with something other than a list of tool definitions (each needs a name and an inputSchema object).',
    );
  });

  it('local tools that cannot be listed are named as such', async () => {
    const broken = { ...echo };
    Object.defineProperty(broken, 'description', {
      enumerable: true,
      get: () => {
        throw new Error('no description');
      },
    });
    const result = await runToolLoop({
      model: createScriptedModel({ text: 'never asked' }),
      tools: [broken],
      prompt: 'Q',
    }).result;

    expect(result.stopReason).toBe('tool_source_error');
    expect(result.error?.message).toBe('Could not list the tools of tool source local tools: no description');
  });

  it('a source whose listTools throws at once fails like one that rejects, named by position when its name is empty', async () => {
    const throwing: ToolSource = {
      name: '',
      listTools: () => {
        throw new Error('not connected');
      },
      callTool: () => Promise.reject(new Error('not reached')),
    };
    const result = await runToolLoop({
      model: createScriptedModel({ text: 'never asked' }),
      tools: [echo, throwing],
      prompt: 'Q',
    }).result;

    expect(result.error?.message).toBe('Could not list the tools of tool source #2: not connected');
  });

  it('skipping a source that failed keeps the sources that listed, with one warning each', async () => {
    const broken = (name: string): ToolSource => ({
      name,
      listTools: () => Promise.reject(new Error('down')),
      callTool: () => Promise.reject(new Error('not reached')),
    });
    const model = createScriptedModel({ text: 'ok' });
    const { events } = await collectRun(
      runToolLoop({ model, tools: [broken('a'), echo, broken('b')], prompt: 'Q', toolSourceError: 'skip' }),
    );

    expect(model.requests[0]?.tools.map((tool) => tool.name)).toEqual(['echo']);
    expect(events.filter((event) => event.type === 'warning').map((event) => event.message)).toEqual([
      "Could not list the tools of tool source 'a': down. Its tools are left out of this turn.",
      "Could not list the tools of tool source 'b': down. Its tools are left out of this turn.",
    ]);
    expect(events.slice(0, 3).map((event) => event.type)).toEqual(['status', 'warning', 'warning']);
  });

  it('the warning of a skipped source keeps every dot of its error but the last', async () => {
    const broken: ToolSource = {
      name: 'crm',
      listTools: () => Promise.reject(new Error('The server at crm.example.com is down.')),
      callTool: () => Promise.reject(new Error('not reached')),
    };
    const { events } = await collectRun(
      runToolLoop({
        model: createScriptedModel({ text: 'ok' }),
        tools: [broken],
        prompt: 'Q',
        toolSourceError: 'skip',
      }),
    );

    expect(events.filter((event) => event.type === 'warning').map((event) => event.message)).toEqual([
      "Could not list the tools of tool source 'crm': The server at crm.example.com is down. Its tools are left out of this turn.",
    ]);
  });

  it('an abort while the sources list their tools ends the turn aborted, not with tool_source_error', async () => {
    const listing = createDeferred<AbortSignal>();
    const hanging: ToolSource = {
      listTools: ({ signal }) =>
        new Promise((_resolve, reject) => {
          listing.resolve(signal);
          signal.addEventListener('abort', () => {
            reject(new Error('listing cancelled'));
          });
        }),
      callTool: () => Promise.reject(new Error('not reached')),
    };
    const run = runToolLoop({
      model: createScriptedModel({ text: 'never asked' }),
      tools: [hanging],
      prompt: 'Q',
      toolSourceError: 'skip',
    });
    await listing.promise;
    run.abort('stop');
    const { events, result } = await collectRun(run);

    expect(result.stopReason).toBe('aborted');
    expect(events.filter((event) => event.type === 'warning')).toEqual([]);
    // The listing got the turn's signal, and the abort reached it.
    expect((await listing.promise).aborted).toBe(true);
  });
});
