import { once } from 'node:events';
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { afterEach, describe, expect, it } from 'vitest';
import { createMessagesBody } from '../../test/post-messages.js';
import { createFakeLlm, type FakeLlm } from '../create-fake-llm.js';

let fake: FakeLlm | undefined;
let session: ClientHttp2Session | undefined;
afterEach(async () => {
  session?.destroy();
  session = undefined;
  await fake?.close();
  fake = undefined;
});

/** Posts a Messages API body over one HTTP/2 stream, returning the status and the body as text. */
async function postOverHttp2(
  client: ClientHttp2Session,
  body: unknown,
): Promise<{ status: number; text: string }> {
  const stream = client.request({
    ':method': 'POST',
    ':path': '/v1/messages',
    'content-type': 'application/json',
    'anthropic-version': '2023-06-01',
  });
  stream.end(JSON.stringify(body));
  const [headers] = (await once(stream, 'response')) as [Record<string, string | number>];
  stream.setEncoding('utf8');
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return { status: Number(headers[':status']), text };
}

describe('serve over cleartext HTTP/2 (prior knowledge, as the AWS SDK connects to an http:// endpoint)', () => {
  it('answers a request as over HTTP/1.1, and HTTP/1.1 still works on the same port', async () => {
    fake = createFakeLlm({ steps: [{ text: 'Over HTTP/2.' }, { text: 'Over HTTP/1.1.' }] });
    const { url } = await fake.serve();
    session = connect(url);
    const answered = await postOverHttp2(session, createMessagesBody({ stream: false }));
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text)).toMatchObject({ content: [{ type: 'text', text: 'Over HTTP/2.' }] });
    const overHttp1 = await fetch(`${url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(createMessagesBody({ stream: false })),
    });
    expect(overHttp1.status).toBe(200);
    expect(fake.violations).toEqual([]);
  });

  it('takes a stream its client resets mid-answer as the client going away: the stream record says so', async () => {
    fake = createFakeLlm({ steps: [{ text: 'A long answer that never ends.', hang: true }] });
    const { url } = await fake.serve();
    session = connect(url);
    const stream = session.request({
      ':method': 'POST',
      ':path': '/v1/messages',
      'content-type': 'application/json',
      'anthropic-version': '2023-06-01',
    });
    stream.end(JSON.stringify(createMessagesBody({ stream: true })));
    await once(stream, 'response');
    stream.close(constants.NGHTTP2_CANCEL);

    await fake.waitForIdle();
    expect(fake.streams[0]).toMatchObject({ status: 'aborted', clientAborted: true });
  });

  it('ends an open HTTP/2 session when the fake closes', async () => {
    fake = createFakeLlm({ steps: [{ text: 'Hello.' }] });
    const { url } = await fake.serve();
    const client = connect(url);
    session = client;
    await once(client, 'connect');
    const closed = once(client, 'close');
    await fake.close();
    await closed;
    expect(client.destroyed || client.closed).toBe(true);
  });
});
