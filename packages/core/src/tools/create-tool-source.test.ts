import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withAbortedCheck } from '../internal/call-aborted.js';
import { createToolSource } from './create-tool-source.js';
import { defineTool } from './define-tool.js';
import { wasNotStarted } from './not-started.js';
import type { ToolCallRequest } from './tool-source.js';

describe('createToolSource', () => {
  it('does not start a call whose signal is already aborted', async () => {
    let executed = false;
    const source = createToolSource([
      defineTool({
        name: 'echo',
        inputSchema: z.object({}),
        execute: () => {
          executed = true;
          return 'ok';
        },
      }),
    ]);
    const error: unknown = await source
      .callTool({ toolCallId: 'c1', name: 'echo', input: {}, signal: AbortSignal.abort('ended') })
      .catch((thrown: unknown) => thrown);

    expect(executed).toBe(false);
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
});
