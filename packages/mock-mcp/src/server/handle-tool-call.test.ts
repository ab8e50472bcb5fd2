import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient } from '../../test/connect-client.js';
import { textOf } from '../../test/text-of.js';
import { loadMockServerSpec } from '../spec/load-mock-server-spec.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('handleToolCall', () => {
  it('tries responses in order: a matching one, then times, then the fallback', async () => {
    server = createMockMcpServer({
      tools: [
        {
          name: 'lookup',
          responses: [
            { match: { id: 1 }, text: 'one' },
            { text: 'first other', times: 1 },
            { text: 'any other' },
          ],
        },
      ],
    });
    const client = await connectClient({ server });
    const answers = [];
    for (const id of [2, 1, 3, 4]) {
      answers.push(textOf(await client.callTool({ name: 'lookup', arguments: { id } })));
    }
    expect(answers).toEqual(['first other', 'one', 'any other', 'any other']);
    expect(server.calls.map((call) => call.responseIndex)).toEqual([1, 0, 2, 2]);
  });

  it('matches nested arguments partially', async () => {
    server = createMockMcpServer({
      tools: [{ name: 'search', responses: [{ match: { filter: { course: 'X' } }, text: 'found' }] }],
    });
    const client = await connectClient({ server });
    const result = await client.callTool({
      name: 'search',
      arguments: { query: 'q', filter: { course: 'X', lesson: 4 } },
    });
    expect(textOf(result)).toBe('found');
  });

  it('answers a call no response fits with an isError result naming the tool and the arguments', async () => {
    server = createMockMcpServer({
      tools: [{ name: 'lookup', responses: [{ match: { id: 1 }, text: 'one', times: 1 }] }],
    });
    const client = await connectClient({ server });
    await client.callTool({ name: 'lookup', arguments: { id: 1 } });
    expect(await client.callTool({ name: 'lookup', arguments: { id: 1 } })).toEqual({
      content: [
        {
          type: 'text',
          text: `No scripted response of tool 'lookup' matched the arguments {"id":1} (1 of its 1 responses are used up by times).`,
        },
      ],
      isError: true,
    });
    expect(server.calls.map((call) => call.outcome)).toEqual(['result', 'no_match']);
  });

  it('answers an unknown tool with a JSON-RPC error listing the tools', async () => {
    server = createMockMcpServer({ tools: [{ name: 'search', responses: [{ text: 'r' }] }] });
    const client = await connectClient({ server });
    const error = await client.callTool({ name: 'serch', arguments: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({
      code: -32602,
      message: "MCP error -32602: Unknown tool 'serch'. Available tools: search.",
    });
    expect(server.calls[0]).toMatchObject({
      tool: 'serch',
      outcome: 'unknown_tool',
      responseIndex: undefined,
    });
  });

  it('records each call with its arguments, response index, outcome and timestamps', async () => {
    server = createMockMcpServer({ tools: [{ name: 'echo', responses: [{ error: 'nope' }] }] });
    const client = await connectClient({ server });
    const before = Date.now();
    await client.callTool({ name: 'echo', arguments: { word: 'hi' } });
    expect(server.calls.map((call) => ({ ...call, startedAt: 0, endedAt: 0 }))).toEqual([
      {
        tool: 'echo',
        arguments: { word: 'hi' },
        protocol: '2025-11-25',
        responseIndex: 0,
        outcome: 'error',
        startedAt: 0,
        endedAt: 0,
        inputRounds: 0,
        sampling: [],
        elicitation: [],
        roots: [],
      },
    ]);
    expect(server.calls[0]!.startedAt).toBeGreaterThanOrEqual(before);
    expect(server.calls[0]!.endedAt).toBeGreaterThanOrEqual(server.calls[0]!.startedAt);
  });

  it('lists the tools with their JSON Schemas', async () => {
    const outputSchema = { type: 'object' as const, properties: { n: { type: 'number' } } };
    server = createMockMcpServer({
      tools: [
        { name: 'count', description: 'Counts', outputSchema, responses: [{ structuredContent: { n: 1 } }] },
      ],
    });
    const client = await connectClient({ server });
    expect(await client.listTools()).toEqual({
      tools: [{ name: 'count', description: 'Counts', inputSchema: { type: 'object' }, outputSchema }],
    });
    expect(await client.callTool({ name: 'count', arguments: {} })).toMatchObject({
      structuredContent: { n: 1 },
    });
  });
});

describe('the course-materials example', () => {
  it('answers the two rounds of the course question (outline, then search)', async () => {
    const spec = await loadMockServerSpec(
      new URL('../../examples/course-materials.yaml', import.meta.url).pathname,
    );
    server = createMockMcpServer(spec);
    const client = await connectClient({ server });
    const outline = await client.callTool({
      name: 'get_course_outline',
      arguments: { course_name: 'Course X' },
    });
    expect(textOf(outline)).toContain('4. Retrieval-augmented generation');
    const search = await client.callTool({
      name: 'search_course_content',
      arguments: { query: 'retrieval-augmented generation' },
    });
    expect(textOf(search)).toContain('Course Y - Lesson 2');
    const lesson = await client.callTool({
      name: 'search_course_content',
      arguments: { query: 'chatbot', course_name: 'MCP', lesson_number: 3 },
    });
    expect(textOf(lesson)).toContain('[MCP - Lesson 3]');
    const unknown = await client.callTool({ name: 'get_course_outline', arguments: { course_name: 'Z' } });
    expect(unknown).toEqual({
      content: [{ type: 'text', text: 'No course found matching that name.' }],
      isError: true,
    });
  });
});
