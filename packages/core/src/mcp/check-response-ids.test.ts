import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { checkResponseIds, describeRefusedAnswer } from './check-response-ids.js';

/** A checked client end, its server end, and what the client end delivered and reported. */
async function createCheckedPair() {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const checked = checkResponseIds(clientEnd);
  const delivered: JSONRPCMessage[] = [];
  const errors: string[] = [];
  checked.onmessage = (message) => delivered.push(message);
  checked.onerror = (error) => errors.push(error.message);
  await Promise.all([checked.start(), serverEnd.start()]);
  return { checked, serverEnd, delivered, errors };
}

const request = (id: number) => ({ jsonrpc: '2.0' as const, id, method: 'ping' });
const answer = (id: string | number) => ({ jsonrpc: '2.0' as const, id, result: {} });

describe('checkResponseIds', () => {
  it('takes an answer with its request’s id, once', async () => {
    const { checked, serverEnd, delivered, errors } = await createCheckedPair();
    await checked.send(request(1));

    await serverEnd.send(answer(1));
    await serverEnd.send(answer(1));

    expect(delivered).toEqual([answer(1)]);
    expect(errors).toEqual(['Dropped an answer with the id 1: no request under way has it.']);
  });

  it('fails the request at once when its id comes back as a string', async () => {
    const { checked, serverEnd, delivered } = await createCheckedPair();
    await checked.send(request(1));

    await serverEnd.send(answer('1'));

    expect(delivered).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32603,
          message:
            'answered request 1 with the id "1", a string where the request\'s was a number; JSON-RPC requires the request\'s id unchanged, so the answer was refused',
          data: expect.any(Object) as unknown,
        },
      },
    ]);
  });

  it('drops an answer whose id reads as a pending one’s only as a number ("01" for 1)', async () => {
    const { checked, serverEnd, delivered, errors } = await createCheckedPair();
    await checked.send(request(1));

    await serverEnd.send(answer('01'));

    expect(delivered).toEqual([]);
    expect(errors).toEqual(['Dropped an answer with the id "01": no request under way has it.']);
  });

  it('drops an error answer without an id', async () => {
    const { checked, serverEnd, delivered, errors } = await createCheckedPair();
    await checked.send(request(1));

    await serverEnd.send({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } });

    expect(delivered).toEqual([]);
    expect(errors).toEqual(['Dropped an answer without an id: no request under way has it.']);
  });

  it('drops the answer to a request the client cancelled', async () => {
    const { checked, serverEnd, delivered } = await createCheckedPair();
    await checked.send(request(1));
    await checked.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });

    await serverEnd.send(answer(1));

    expect(delivered).toEqual([]);
  });

  it('passes the server’s own requests and notifications through', async () => {
    const { serverEnd, delivered } = await createCheckedPair();
    const notification = { jsonrpc: '2.0' as const, method: 'notifications/tools/list_changed' };

    await serverEnd.send(request(1));
    await serverEnd.send(notification);

    expect(delivered).toEqual([request(1), notification]);
  });
});

describe('describeRefusedAnswer', () => {
  it('says nothing of other errors', () => {
    expect(describeRefusedAnswer(new Error('answered request 1'))).toBeUndefined();
  });
});
