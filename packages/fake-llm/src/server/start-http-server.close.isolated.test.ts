import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { createMessagesBody } from '../../test/post-messages.js';
import { openRawConnection, sendRawRequest } from '../../test/send-raw-request.js';
import { trackLeftovers } from '../../test/track-leftovers.js';
import { waitUntil } from '../../test/wait-until.js';
import { createFakeLlm } from '../create-fake-llm.js';

function countTcp(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource.startsWith('TCP')).length;
}

/** A raw POST /v1/messages with its headers and the first `bodyLength` bytes of a streaming Messages body. */
function rawMessagesPost(bodyLength?: number): string {
  const body = JSON.stringify(createMessagesBody({ stream: true }));
  return (
    `POST /v1/messages HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
    'anthropic-version: 2023-06-01\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, bodyLength)}`
  );
}

// Only what the server's code started counts: `tracker.run` marks it.
const tracker = trackLeftovers();
afterAll(() => {
  tracker.close();
});

describe('closing the server', () => {
  it('ends connections that never finished their headers or their body', () =>
    tracker.run(async () => {
      const fake = createFakeLlm([{ text: 'never asked' }]);
      const server = await fake.serve();
      const tcpBefore = countTcp();
      const partialHeaders = await openRawConnection(server.port);
      partialHeaders.write('POST /v1/messages HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: app');
      const partialBody = await openRawConnection(server.port);
      partialBody.write(rawMessagesPost(10));
      // Each connection is two sockets here: the client's and the one the server accepted.
      await waitUntil(() => countTcp() === tcpBefore + 4);
      // Not once(): a reset emits 'error' before 'close', and the close is what counts.
      const closed = Promise.all(
        [partialHeaders, partialBody].map(
          (socket) => new Promise((resolve) => socket.once('close', resolve)),
        ),
      );
      await fake.close();
      await closed;
      await fake.waitForIdle();
      expect(fake.requests).toEqual([]);
    }));

  it('survives a client that disconnects mid-stream, and keeps serving', () =>
    tracker.run(async () => {
      const fake = createFakeLlm([
        { text: 'A slow answer in several deltas.', chunkDelayMs: 60_000 },
        { text: 'Still here.' },
      ]);
      const server = await fake.serve();
      const socket = await openRawConnection(server.port);
      socket.write(rawMessagesPost());
      await once(socket, 'data');
      socket.destroy();
      await waitUntil(() => fake.streams[0]?.status === 'aborted');
      await fake.waitForIdle();
      expect(fake.streams[0]).toMatchObject({ status: 'aborted', clientAborted: true, eventsSent: 1 });
      const response = await sendRawRequest({
        port: server.port,
        text: rawMessagesPost().replace('host: 127.0.0.1\r\n', 'host: 127.0.0.1\r\nconnection: close\r\n'),
      });
      expect(response.status).toBe(200);
      expect(fake.streams[1]).toMatchObject({ status: 'completed' });
      await fake.close();
    }));

  it('leaves no socket or timer behind', async () => {
    expect(await tracker.leftovers()).toEqual([]);
  });
});
