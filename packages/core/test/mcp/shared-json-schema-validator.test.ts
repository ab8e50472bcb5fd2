import type { JsonSchemaType, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { createMockMcpServer, type MockMcpServer } from '@toolloop/mock-mcp';
import { afterEach, describe, expect, it } from 'vitest';
import { connectMcpServers, createSharedJsonSchemaValidator } from '../../src/mcp/index.js';

const servers: MockMcpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const counted = {
  type: 'object' as const,
  properties: { count: { type: 'integer' as const } },
  required: ['count'],
};

describe('createSharedJsonSchemaValidator', () => {
  it('validates as the MCP SDK does, with a message for what it refuses', () => {
    const validate = createSharedJsonSchemaValidator().getValidator(counted);

    expect(validate({ count: 3 })).toEqual({ valid: true, data: { count: 3 }, errorMessage: undefined });
    expect(validate({ count: 'three' })).toEqual({
      valid: false,
      data: undefined,
      errorMessage: 'data/count must be integer',
    });
  });

  it('compiles equal schemas once, whichever object they come in', () => {
    const shared = createSharedJsonSchemaValidator();

    expect(shared.getValidator(structuredClone(counted) as JsonSchemaType)).toBe(
      shared.getValidator(structuredClone(counted) as JsonSchemaType),
    );
  });

  it('keeps schemas with the same $id apart: each is checked by its own rules', () => {
    const shared = createSharedJsonSchemaValidator();
    const text = shared.getValidator({ $id: 'https://example.test/answer.json', type: 'string' });
    const number = shared.getValidator({ $id: 'https://example.test/answer.json', type: 'number' });

    expect([text('a').valid, text(1).valid]).toEqual([true, false]);
    expect([number('a').valid, number(1).valid]).toEqual([false, true]);
  });

  it('keeps a nested $id to its own schema: another schema cannot refer to it', () => {
    const shared = createSharedJsonSchemaValidator();
    shared.getValidator({
      type: 'object',
      properties: { v: { $id: 'https://example.test/value.json', type: 'string' } },
    });

    expect(() =>
      shared.getValidator({
        type: 'object',
        properties: { v: { type: 'number' }, w: { $ref: 'https://example.test/value.json' } },
      }),
    ).toThrow("can't resolve reference https://example.test/value.json");
  });

  it('drops what it compiled past maxSchemas, and validates the same after', () => {
    const shared = createSharedJsonSchemaValidator({ maxSchemas: 2 });
    const schema = (minimum: number) => ({ type: 'integer', minimum }) as JsonSchemaType;
    const first = shared.getValidator(schema(1));
    expect(shared.getValidator(schema(1))).toBe(first);
    shared.getValidator(schema(2));
    shared.getValidator(schema(3));

    const again = shared.getValidator(schema(1));
    expect(again).not.toBe(first);
    expect([again(0).valid, again(1).valid]).toEqual([false, true]);
  });

  it.each([0, 1.5, Number.NaN])('refuses maxSchemas %s', (maxSchemas) => {
    expect(() => createSharedJsonSchemaValidator({ maxSchemas })).toThrow(
      `maxSchemas must be an integer of at least 1, got ${String(maxSchemas)}.`,
    );
  });
});

describe('connectMcpServers with a jsonSchemaValidator', () => {
  it("checks the tools' output schemas with it, for every server", async () => {
    const shared = createSharedJsonSchemaValidator();
    const schemas: unknown[] = [];
    const watched: jsonSchemaValidator = {
      getValidator: (schema) => {
        schemas.push(schema);
        return shared.getValidator(schema);
      },
    };
    const spec = {
      tools: [
        {
          name: 'tally',
          inputSchema: { type: 'object' as const },
          outputSchema: counted,
          responses: [{ structuredContent: { count: 'many' } }],
        },
      ],
    };
    const config = () => {
      const server = createMockMcpServer(spec);
      servers.push(server);
      return { createTransport: () => server.connectInMemory() };
    };
    const mcp = await connectMcpServers(
      { servers: { first: config(), second: config() } },
      { jsonSchemaValidator: watched },
    );
    try {
      const tools = await mcp.listTools({ signal: new AbortController().signal });
      // The client compiles a tool's output schema when the tool is first called.
      for (const tool of tools) {
        const call = mcp.callTool({
          toolCallId: `call-${tool.name}`,
          name: tool.name,
          input: {},
          signal: new AbortController().signal,
        });
        await expect(call).rejects.toThrow(
          "Structured content does not match the tool's output schema: data/count",
        );
      }
      expect(tools.map((tool) => tool.name)).toEqual(['first__tally', 'second__tally']);
      expect(schemas).toEqual([counted, counted]);
    } finally {
      await mcp.close();
    }
  });
});
