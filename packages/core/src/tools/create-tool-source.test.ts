import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withAbortedCheck } from '../internal/call-aborted.js';
import { createToolSource } from './create-tool-source.js';
import { defineTool } from './define-tool.js';
import { runToolLoop } from '../loop/run-tool-loop.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { wasNotStarted } from './not-started.js';
import type { ToolCallRequest, ToolSource } from './tool-source.js';

/** A source of one tool, `name`, that says whether it ever ran. */
function recordingSource(name: string) {
  const runs = { count: 0 };
  const source = createToolSource([
    defineTool({
      name,
      inputSchema: z.object({}),
      execute: () => {
        runs.count += 1;
        return 'ok';
      },
    }),
  ]);
  return { source, executed: () => runs.count > 0 };
}

describe('createToolSource', () => {
  it('does not start a call whose signal is already aborted', async () => {
    const { source, executed } = recordingSource('echo');
    const error: unknown = await source
      .callTool({ toolCallId: 'c1', name: 'echo', input: {}, signal: AbortSignal.abort('ended') })
      .catch((thrown: unknown) => thrown);

    expect(executed()).toBe(false);
    expect(wasNotStarted(error)).toBe(true);
  });

  it('asks the loop whether a call was aborted, and reads its signal only when the tool does', async () => {
    let reads = 0;
    let aborted = false;
    const signal = new AbortController().signal;
    const request = (): ToolCallRequest =>
      withAbortedCheck(
        {
          toolCallId: 'c1',
          name: 'echo',
          input: {},
          get signal() {
            reads += 1;
            return signal;
          },
        },
        () => aborted,
      );
    let toolSignal: AbortSignal | undefined;
    const source = createToolSource([
      defineTool({ name: 'echo', inputSchema: z.object({}), execute: () => 'ok' }),
      defineTool({
        name: 'watch',
        inputSchema: z.object({}),
        execute: (_input, options) => {
          toolSignal = options.signal;
          return options.toolCallId;
        },
      }),
    ]);

    await expect(source.callTool(request())).resolves.toEqual({ content: [{ type: 'text', text: 'ok' }] });
    expect(reads).toBe(0);
    await expect(source.callTool({ ...request(), name: 'watch' })).resolves.toEqual({
      content: [{ type: 'text', text: 'c1' }],
    });
    expect(toolSignal).toBe(signal);

    aborted = true;
    reads = 0;
    const error: unknown = await source.callTool(request()).catch((thrown: unknown) => thrown);
    expect(wasNotStarted(error)).toBe(true);
    expect(reads).toBe(0);
  });

  it('reads the signal of a request copied with a signal of its own, not the loop check of the original', async () => {
    const { source, executed } = recordingSource('echo');
    const original = withAbortedCheck(
      { toolCallId: 'c1', name: 'echo', input: {}, signal: new AbortController().signal },
      () => false,
    );

    const error: unknown = await source
      .callTool({ ...original, signal: AbortSignal.abort('shutting down') })
      .catch((thrown: unknown) => thrown);

    expect(wasNotStarted(error)).toBe(true);
    expect(executed()).toBe(false);
  });

  it('lets a tool source that wraps it stop a call with a signal of its own', async () => {
    const { source: inner, executed } = recordingSource('charge');
    const shuttingDown = AbortSignal.abort(new Error('The wrapper is shutting down.'));
    const wrapper: ToolSource = {
      listTools: (options) => inner.listTools(options),
      callTool: (request: ToolCallRequest) =>
        inner.callTool({ ...request, signal: AbortSignal.any([request.signal, shuttingDown]) }),
    };

    const { result } = runToolLoop({
      model: createScriptedModel([{ toolCalls: [{ id: 'a', name: 'charge' }] }, { text: 'done' }]),
      tools: [wrapper],
      prompt: 'Charge it.',
      statusMessages: 'off',
    });
    const { messages } = await result;

    expect(executed()).toBe(false);
    expect(messages[2]).toMatchObject({
      role: 'tool',
      content: [{ toolCallId: 'a', isError: true }],
    });
    expect(JSON.stringify(messages[2])).toContain('The turn ended before the tool started.');
  });
});
