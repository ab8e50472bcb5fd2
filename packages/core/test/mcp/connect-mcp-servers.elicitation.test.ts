import { describe, expect, it } from 'vitest';
import { runToolLoop } from '../../src/index.js';
import { connectMcpServers, type ElicitationRequest, type ElicitationResponse } from '../../src/mcp/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { createBookingServer, createDefaultsServer } from './support/create-booking-server.js';

async function bookThroughTheLoop({
  onElicitation,
  byUrl = false,
}: {
  onElicitation?: (request: ElicitationRequest) => ElicitationResponse | Promise<ElicitationResponse>;
  byUrl?: boolean;
}) {
  const { config, seen } = createBookingServer();
  const mcp = await connectMcpServers(
    { servers: { bookings: config } },
    onElicitation === undefined ? {} : { onElicitation },
  );
  try {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'book_table', input: byUrl ? { url: true } : {} }] },
      { text: 'Done.' },
    ]);
    const result = await runToolLoop({ model, tools: [mcp], prompt: 'Book a table.' }).result;
    return { output: result.toolCalls[0]?.output, seen };
  } finally {
    await mcp.close();
  }
}

describe('elicitation: a server asks the user for input during a tool call', () => {
  it('advertises form and URL elicitation when the host gives onElicitation, and none otherwise', async () => {
    const answering = await bookThroughTheLoop({ onElicitation: () => ({ action: 'decline' }) });
    const silent = await bookThroughTheLoop({});

    expect(answering.seen.capabilities).toEqual({ form: {}, url: {} });
    expect(silent.seen.capabilities).toBeUndefined();
  });

  it('form mode: the host sees the message and schema, and its answer reaches the tool', async () => {
    const requests: ElicitationRequest[] = [];
    const { output } = await bookThroughTheLoop({
      onElicitation: (request) => {
        requests.push(request);
        return { action: 'accept', content: { guests: 4 } };
      },
    });

    expect(requests).toEqual([
      {
        mode: 'form',
        serverName: 'bookings',
        message: 'How many guests?',
        requestedSchema: {
          type: 'object',
          properties: { guests: { type: 'number', minimum: 1 } },
          required: ['guests'],
        },
      },
    ]);
    expect(output?.content).toEqual([{ type: 'text', text: 'Booked for 4.' }]);
  });

  it('URL mode: the host gets the URL to open and the elicitation id', async () => {
    const requests: ElicitationRequest[] = [];
    const { output } = await bookThroughTheLoop({
      byUrl: true,
      onElicitation: (request) => {
        requests.push(request);
        return { action: 'accept' };
      },
    });

    expect(requests).toEqual([
      {
        mode: 'url',
        serverName: 'bookings',
        message: 'Sign in to the booking site.',
        url: 'https://bookings.example/sign-in',
        elicitationId: 'sign-in-1',
      },
    ]);
    expect(output?.content).toEqual([{ type: 'text', text: 'Booked.' }]);
  });

  it.each<ElicitationResponse['action']>(['decline', 'cancel'])(
    '%s reaches the tool as such',
    async (action) => {
      const { output } = await bookThroughTheLoop({ onElicitation: () => ({ action }) });

      expect(output?.content).toEqual([{ type: 'text', text: `Not booked: the user chose ${action}.` }]);
    },
  );

  it('an answer that does not fit the requested schema is refused to the server as invalid, not passed on', async () => {
    const { output } = await bookThroughTheLoop({
      onElicitation: () => ({ action: 'accept', content: { guests: 'four' } }),
    });

    expect(output?.isError).toBe(true);
    const [block] = output?.content ?? [];
    expect(block?.type === 'text' && block.text).toMatch(/guests/);
  });
});

describe('elicitation defaults', () => {
  it('fields an accepted answer leaves out take the default the requested schema gives them', async () => {
    const { server, config } = createDefaultsServer();
    const mcp = await connectMcpServers(
      { servers: { profile: config } },
      { onElicitation: () => ({ action: 'accept', content: { name: 'Ada' } }) },
    );
    try {
      const output = await mcp.callTool({
        toolCallId: 'call_1',
        name: 'edit_profile',
        input: {},
        signal: new AbortController().signal,
      });

      expect(output.content).toEqual([
        { type: 'text', text: '{"name":"Ada","age":30,"status":"active","verified":true}' },
      ]);
      expect(server.received).toEqual([{ name: 'Ada', age: 30, status: 'active', verified: true }]);
    } finally {
      await mcp.close();
    }
  });
});
