import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvalidToolInputError } from '../errors/invalid-tool-input-error.js';
import { createToolSource } from './create-tool-source.js';
import { defineTool } from './define-tool.js';

const signal = new AbortController().signal;

describe('defineTool', () => {
  it('describes a zod input schema as JSON Schema for the model', () => {
    const tool = defineTool({
      name: 'search_course_content',
      description: 'Search course materials',
      inputSchema: z.object({
        query: z.string().describe('What to look for'),
        lesson: z.number().optional(),
      }),
      execute: () => '',
    });

    expect({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }).toEqual({
      name: 'search_course_content',
      description: 'Search course materials',
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What to look for' },
          lesson: { type: 'number' },
        },
        required: ['query'],
      },
    });
  });

  it('keeps a JSON Schema as it is', () => {
    const schema = { type: 'object', properties: { path: { type: 'string' } } };
    expect(defineTool({ name: 'read', inputSchema: schema, execute: () => '' }).inputSchema).toBe(schema);
  });

  it('gives execute the parsed zod output (defaults applied)', async () => {
    const tool = defineTool({
      name: 'page',
      inputSchema: z.object({ size: z.number().default(10) }),
      execute: ({ size }) => `size ${size}`,
    });
    const output = await createToolSource([tool]).callTool({
      toolCallId: '1',
      name: 'page',
      input: {},
      signal,
    });

    expect(output).toEqual({ content: [{ type: 'text', text: 'size 10' }] });
  });

  it('throws InvalidToolInputError with one issue per field for bad arguments', async () => {
    const tool = defineTool({
      name: 'add',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      execute: () => 0,
    });
    const call = createToolSource([tool]).callTool({
      toolCallId: '1',
      name: 'add',
      input: { a: 'x' },
      signal,
    });

    await expect(call).rejects.toThrow(InvalidToolInputError);
    await expect(call).rejects.toThrow(
      "Invalid arguments for tool 'add': /a: Invalid input: expected number, received string; /b: Invalid input: expected number, received undefined",
    );
  });

  it('rejects names the model APIs would refuse', () => {
    expect(() => defineTool({ name: 'get weather', inputSchema: {}, execute: () => '' })).toThrow(
      InvalidArgumentError,
    );
    expect(() => defineTool({ name: 'x'.repeat(65), inputSchema: {}, execute: () => '' })).toThrow(
      /must be 1 to 64 letters, digits, '_' or '-'/,
    );
  });

  it('passes the abort signal and call id to execute', async () => {
    let seen: { signal: AbortSignal; toolCallId: string } | undefined;
    const tool = defineTool({
      name: 'probe',
      inputSchema: { type: 'object' },
      execute: (_input, options) => {
        seen = options;
      },
    });
    await createToolSource([tool]).callTool({ toolCallId: 'call_9', name: 'probe', input: {}, signal });

    expect(seen).toEqual({ signal, toolCallId: 'call_9' });
  });
});
