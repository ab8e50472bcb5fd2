import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { once } from 'node:events';
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { redactExchange } from './redact-recording.js';
import { resolveLiveUpstream } from './resolve-live-upstream.js';
import { startModelProxy, type ModelProxy } from './start-model-proxy.js';
import { buildRecording } from './test-support/build-recording.js';
import { writeRecording } from './write-recording.js';

// Static test credentials, the same on both sides: the proxy signs with them, the stand-in for Bedrock checks.
const credentials = {
  accessKeyId: 'AKIDPLANTEDTESTKEY01',
  secretAccessKey: 'planted/secret+access/key0123456789abcdef',
  sessionToken: 'planted-session-token-0123456789',
};
const region = 'us-west-2';
const path = '/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream';
const frame = Buffer.from('0000005c0000004e8c4bd3940b3a6576656e742d74797065ff80c328', 'hex');
// Bedrock's answer to a request whose signature it did not compute, as it sends it (quoted from a converse-stream
// call in https://github.com/BerriAI/litellm/issues/14763): the message, then the canonical request, which holds
// the value of every signed header, the session token's too.
const signatureMismatch =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';
const signatureRefusal = (canonicalHeaders: string) =>
  JSON.stringify({
    message: `${signatureMismatch}\n\nThe Canonical String for this request should have been\n'POST\n${path}\n\n${canonicalHeaders}'`,
  });

interface Checked {
  authorization: string;
  valid: boolean;
  canonicalHeaders: string;
}

/**
 * A stand-in for Bedrock: it computes each request's SigV4 signature again from what arrived (the headers the
 * request says it signed, its path, query and body) with the test credentials, answers a match with an event
 * stream frame and anything else as Bedrock does.
 */
async function startBedrock(): Promise<{ server: Server; url: string; checked: Checked[] }> {
  const checked: Checked[] = [];
  const verifier = new SignatureV4({ service: 'bedrock', region, credentials, sha256: Sha256 });
  const server = createServer((incoming, response) => {
    void verify(incoming).then((result) => {
      checked.push(result);
      if (result.valid) {
        response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
        response.end(frame);
      } else {
        response.writeHead(403, { 'content-type': 'application/json' });
        response.end(signatureRefusal(result.canonicalHeaders));
      }
    });
  });
  const verify = async (incoming: IncomingMessage): Promise<Checked> => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming as AsyncIterable<Buffer>) chunks.push(chunk);
    const authorization = incoming.headers.authorization ?? '';
    const signedNames = /SignedHeaders=([^,]+)/u.exec(authorization)?.[1]?.split(';') ?? [];
    const headers = Object.fromEntries(
      signedNames.map((name) => [name, String(incoming.headers[name] ?? '')]),
    );
    const date = String(incoming.headers['x-amz-date'] ?? '');
    const signingDate = new Date(
      date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/u, '$1-$2-$3T$4:$5:$6Z'),
    );
    const target = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? ''}`);
    const expected = await verifier.sign(
      {
        method: incoming.method ?? 'POST',
        protocol: 'http:',
        hostname: target.hostname,
        port: Number(target.port),
        path: target.pathname,
        query: Object.fromEntries(target.searchParams),
        headers,
        body: Buffer.concat(chunks),
      },
      { signingDate },
    );
    return {
      authorization,
      valid: authorization !== '' && expected.headers.authorization === authorization,
      canonicalHeaders: Object.entries(headers)
        .map(([name, value]) => `${name}:${value}\n`)
        .join(''),
    };
  };
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, checked };
}

/** Sends a request to the proxy as the agent's Bedrock client does: signed, for the proxy's host. */
async function postAsAgent(url: string) {
  const target = new URL(url);
  const sent = request({
    host: '127.0.0.1',
    port: target.port,
    method: 'POST',
    path: `${target.pathname}${path}`,
    headers: {
      'content-type': 'application/json',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIDTHEAGENTSOWN0000/20261201/us-west-2/bedrock/aws4_request, SignedHeaders=host;x-amz-date, Signature=0123456789abcdef',
      'x-amz-date': '20261201T000000Z',
      'x-amz-security-token': 'the-agents-own-token',
    },
  });
  sent.end('{"messages":[{"role":"user","content":[{"text":"Hi"}]}]}');
  const [response] = (await once(sent, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response as AsyncIterable<Buffer>) chunks.push(chunk);
  return { status: response.statusCode, body: Buffer.concat(chunks) };
}

let bedrock: Awaited<ReturnType<typeof startBedrock>>;
let proxy: ModelProxy;
const directories: string[] = [];

beforeEach(async () => {
  bedrock = await startBedrock();
  proxy = await startModelProxy();
});

afterEach(async () => {
  await proxy.close();
  bedrock.server.closeAllConnections();
  bedrock.server.close();
  await Promise.all(
    directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

const env = {
  AWS_ACCESS_KEY_ID: credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  AWS_SESSION_TOKEN: credentials.sessionToken,
  AWS_REGION: region,
};

/** Every file a recording of the route's exchanges holds, as the runner writes it. */
async function writtenFiles(routeId: string): Promise<string[]> {
  const directory = await mkdtemp(join(tmpdir(), 'toolloop-bedrock-signing-'));
  directories.push(directory);
  const recording = buildRecording();
  const secrets = proxy.secrets(routeId);
  await writeRecording({
    scenarioFile: join(directory, 'hello.yaml'),
    wire: 'bedrock',
    recording: {
      ...recording,
      version: 2,
      turns: [
        {
          models: proxy
            .exchanges(routeId)
            .map((exchange) => redactExchange({ exchange, redaction: {}, secrets })),
          toolCalls: [],
        },
      ],
    },
  });
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => readFile(join(entry.parentPath, entry.name), 'latin1')),
  );
}

describe('a bedrock live run', () => {
  it('signs each request again for the API with the AWS credentials, and the answer comes back byte for byte', async () => {
    const upstream = resolveLiveUpstream({ provider: 'bedrock', live: { baseURL: bedrock.url, env } });
    const routeUrl = proxy.route('r', { upstream });

    expect(await postAsAgent(routeUrl)).toEqual({ status: 200, body: frame });
    expect(bedrock.checked.map(({ valid, authorization }) => [valid, authorization.split('/')[0]])).toEqual([
      [true, `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}`],
    ]);
    expect(
      proxy.exchanges('r').map(({ request: sent, response }) => [sent.path, sent.headers, response]),
    ).toEqual([
      [
        path,
        {},
        { type: 'stream', status: 200, contentType: 'application/vnd.amazon.eventstream', body: frame },
      ],
    ]);
  });

  it('a signature made with other credentials is refused by the stand-in, as Bedrock refuses it', async () => {
    const upstream = resolveLiveUpstream({
      provider: 'bedrock',
      live: { baseURL: bedrock.url, env: { ...env, AWS_SECRET_ACCESS_KEY: 'another-secret' } },
    });
    const routeUrl = proxy.route('r', { upstream });

    const refused = await postAsAgent(routeUrl);
    expect(refused.status).toBe(403);
    expect((JSON.parse(refused.body.toString('utf8')) as { message: string }).message).toContain(
      signatureMismatch,
    );
    expect(bedrock.checked.map(({ valid }) => valid)).toEqual([false]);
  });

  it('keeps no credential and no signature, the agent’s or the proxy’s, in what a recording is written from', async () => {
    const upstream = resolveLiveUpstream({ provider: 'bedrock', live: { baseURL: bedrock.url, env } });
    const routeUrl = proxy.route('r', { upstream });
    await postAsAgent(routeUrl);
    const signature = /Signature=(\w+)/u.exec(bedrock.checked[0]?.authorization ?? '')?.[1] ?? '';

    expect(signature).toMatch(/^[0-9a-f]{64}$/u);
    expect([...proxy.secrets('r')].sort()).toEqual(Object.values(credentials).sort());
    const kept = [JSON.stringify(proxy.exchanges('r')), ...(await writtenFiles('r'))];
    for (const secret of [
      ...Object.values(credentials),
      signature,
      'AKIDTHEAGENTSOWN0000',
      'the-agents-own-token',
    ])
      for (const text of kept) expect(text).not.toContain(secret);
  });

  it("writes no credential of Bedrock's refusal, whose canonical request holds the session token", async () => {
    const upstream = resolveLiveUpstream({
      provider: 'bedrock',
      live: { baseURL: bedrock.url, env: { ...env, AWS_SECRET_ACCESS_KEY: 'another-secret' } },
    });
    const routeUrl = proxy.route('r', { upstream });
    const refused = await postAsAgent(routeUrl);

    // The API's answer names it; what is written from it does not.
    expect(refused.body.toString('utf8')).toContain(`x-amz-security-token:${credentials.sessionToken}`);
    const files = await writtenFiles('r');
    expect(files.some((text) => text.includes(signatureMismatch))).toBe(true);
    for (const text of files) expect(text).not.toContain(credentials.sessionToken);
  });

  it("sends to BEDROCK_BASE_URL, else the endpoint of AWS_REGION's region, else us-east-1's", () => {
    expect(
      [
        { BEDROCK_BASE_URL: 'https://bedrock-runtime.eu-west-1.amazonaws.com', AWS_REGION: 'us-west-2' },
        { AWS_REGION: 'ap-south-1' },
        {},
      ].map((variables) => resolveLiveUpstream({ provider: 'bedrock', live: { env: variables } }).baseURL),
    ).toEqual([
      'https://bedrock-runtime.eu-west-1.amazonaws.com',
      'https://bedrock-runtime.ap-south-1.amazonaws.com',
      'https://bedrock-runtime.us-east-1.amazonaws.com',
    ]);
  });
});
