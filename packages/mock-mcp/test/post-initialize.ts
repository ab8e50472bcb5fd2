import { request } from 'node:http';

/**
 * POSTs an `initialize` request with these headers (node:http, since fetch may not set Host) and resolves with
 * the status and the body as text.
 */
export function postInitialize(options: {
  url: string;
  headers?: Record<string, string>;
}): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  return new Promise((resolve, reject) => {
    const outgoing = request(
      options.url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...options.headers,
        },
      },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        incoming.once('end', () => {
          resolve({ status: incoming.statusCode ?? 0, body: text });
        });
        // An accepted initialize answers on an SSE stream that ends with the response.
        incoming.once('error', reject);
      },
    );
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}
