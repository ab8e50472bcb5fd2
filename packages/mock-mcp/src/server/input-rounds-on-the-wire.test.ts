import { describe, expect, it } from 'vitest';
import { bookSpec, useBothErasKit } from '../../test/both-eras-kit.js';

const { serve, rawModernClient } = useBothErasKit();

describe('the rounds of a 2026-07-28 call, on the wire', () => {
  it('asks with input_required and a requestState good for one retry; a forged or spent one is refused', async () => {
    const server = serve(bookSpec);
    const request = await rawModernClient(server);
    const first = await request('tools/call', { name: 'book', arguments: {} });
    expect(first).toMatchObject({
      result: {
        resultType: 'input_required',
        inputRequests: { 'input-1': { method: 'elicitation/create', params: { message: 'Book {{city}}?' } } },
        requestState: expect.any(String) as unknown,
      },
    });
    const { requestState } = (first as { result: { requestState: string } }).result;
    expect(
      await request('tools/call', { name: 'book', arguments: {}, requestState: `${requestState}x` }),
    ).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('Invalid or expired requestState') as unknown },
    });

    const answered = await request('tools/call', {
      name: 'book',
      arguments: {},
      requestState,
      inputResponses: { 'input-1': { action: 'accept', content: { seats: 4 } } },
    });
    expect(answered).toMatchObject({ result: { content: [{ type: 'text', text: 'Booked 4 seats.' }] } });
    expect(await request('tools/call', { name: 'book', arguments: {}, requestState })).toMatchObject({
      error: { code: -32602 },
    });
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({ outcome: 'result', inputRounds: 1 });
  });

  it('asks again when a retry brings no answer, and refuses a retry of another call', async () => {
    const server = serve(bookSpec);
    const request = await rawModernClient(server);
    const first = (await request('tools/call', { name: 'book', arguments: { city: 'Lyon' } })) as {
      result: { requestState: string };
    };
    expect(
      await request('tools/call', {
        name: 'book',
        arguments: { city: 'Paris' },
        requestState: first.result.requestState,
      }),
    ).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('belongs to another request') as unknown },
    });

    const again = (await request('tools/call', {
      name: 'book',
      arguments: { city: 'Lyon' },
      requestState: (
        (await request('tools/call', { name: 'book', arguments: { city: 'Lyon' } })) as {
          result: { requestState: string };
        }
      ).result.requestState,
      inputResponses: { unrelated: { action: 'accept' } },
    })) as { result: Record<string, unknown> };
    expect(again.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { 'input-1': { method: 'elicitation/create' } },
    });
  });

  it('refuses a call that needs a capability the client did not declare with -32021, naming it', async () => {
    const server = serve(bookSpec);
    const request = await rawModernClient(server);
    // The raw client declares elicitation only; plan samples the client's model with tools.
    expect(await request('tools/call', { name: 'plan', arguments: {} })).toMatchObject({
      error: {
        code: -32021,
        message: expect.stringContaining('did not declare the sampling capability') as unknown,
        data: { requiredCapabilities: { sampling: { tools: {} } } },
      },
    });
    expect(server.calls[0]).toMatchObject({ tool: 'plan', outcome: 'throw' });
  });

  it('delivers side effects once, also when a retry comes without the answer and the round is asked again', async () => {
    const server = serve(bookSpec);
    const request = await rawModernClient(server);
    const progressOf = () =>
      request.notifications.filter((notification) => notification.method === 'notifications/progress').length;
    const first = (await request('tools/call', { name: 'book', arguments: {} }, { progressToken: 'p1' })) as {
      result: { requestState: string };
    };
    expect(progressOf()).toBe(1);
    const again = (await request(
      'tools/call',
      { name: 'book', arguments: {}, requestState: first.result.requestState, inputResponses: { other: {} } },
      { progressToken: 'p2' },
    )) as { result: { requestState: string; resultType: string } };
    expect(again.result.resultType).toBe('input_required');
    expect(progressOf()).toBe(1);
    expect(server.calls[0]).toMatchObject({ inputRounds: 1 });
    expect(
      await request(
        'tools/call',
        {
          name: 'book',
          arguments: {},
          requestState: again.result.requestState,
          inputResponses: { 'input-1': { action: 'accept', content: { seats: 1 } } },
        },
        { progressToken: 'p3' },
      ),
    ).toMatchObject({ result: { content: [{ type: 'text', text: 'Booked 1 seats.' }] } });
    expect(progressOf()).toBe(1);
    expect(server.calls[0]).toMatchObject({ outcome: 'result', inputRounds: 1 });
  });

  it('ends the oldest of the calls left waiting for answers once more than 1000 wait', async () => {
    const server = serve(bookSpec);
    const request = await rawModernClient(server);
    for (let call = 0; call < 1001; call += 1) await request('tools/call', { name: 'book', arguments: {} });
    expect(server.calls[0]).toMatchObject({ outcome: 'cancelled' });
    expect(server.calls.filter((call) => call.outcome === undefined)).toHaveLength(1000);
  });

  it('ends a call still waiting for its answer as cancelled when the server closes', async () => {
    const server = serve(bookSpec);
    const request = await rawModernClient(server);
    await request('tools/call', { name: 'book', arguments: {} });
    expect(server.calls[0]).toMatchObject({ outcome: undefined, inputRounds: 1 });
    await server.close();
    expect(server.calls[0]).toMatchObject({ outcome: 'cancelled' });
  });
});
