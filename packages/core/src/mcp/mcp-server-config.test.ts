import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { validateMcpServersConfig } from './mcp-server-config.js';

describe('validateMcpServersConfig', () => {
  it('accepts stdio and HTTP servers', () => {
    const config = {
      servers: {
        files: {
          command: 'node',
          args: ['server.js', '/tmp'],
          env: { TOKEN: 'x' },
          cwd: '/srv',
          maxMessageBytes: 50_000_000,
          protocol: '2025-11-25',
        },
        remote: {
          url: 'http://127.0.0.1:3001/mcp',
          headers: { authorization: 'Bearer x' },
          protocol: '2026-07-28',
        },
        local: { createTransport: () => undefined, protocol: 'auto' },
      },
    };
    expect(validateMcpServersConfig(config)).toBe(config);
  });

  it.each<[unknown, string]>([
    [{}, "Invalid option 'servers': expected an object with one entry per server."],
    [
      { servers: { 'my server': { command: 'x' } } },
      "Invalid option 'servers.my server': a server name may use only letters, digits, '_' and '-'.",
    ],
    [
      { servers: { a: { command: 'x', url: 'http://h' } } },
      "Invalid option 'servers.a': give either `command` (a stdio server) or `url` (an HTTP server).",
    ],
    [
      { servers: { a: { command: 'x', argz: [] } } },
      "Invalid option 'servers.a.argz': unknown field; expected one of command, args, env, cwd, maxMessageBytes, protocol.",
    ],
    ...[0, 1.5, '10MB', -1].map((maxMessageBytes): [unknown, string] => [
      { servers: { a: { command: 'x', maxMessageBytes } } },
      "Invalid option 'servers.a.maxMessageBytes': expected a whole number of bytes, at least 1.",
    ]),
    [
      { servers: { a: { url: 'http://h', maxMessageBytes: 5 } } },
      "Invalid option 'servers.a.maxMessageBytes': unknown field; expected one of url, headers, protocol, auth.",
    ],
    [
      { servers: { a: { command: 'x', args: ['ok', 3] } } },
      "Invalid option 'servers.a.args[1]': expected a non-empty string.",
    ],
    [
      { servers: { a: { url: 'http://h', protocol: '2026-01-01' } } },
      "Invalid option 'servers.a.protocol': expected one of 'auto', '2025-11-25', '2026-07-28'.",
    ],
    [
      { servers: { a: { createTransport: () => undefined, protocol: 2026 } } },
      "Invalid option 'servers.a.protocol': expected one of 'auto', '2025-11-25', '2026-07-28'.",
    ],
    [
      { servers: { a: { createTransport: () => undefined, url: 'http://h' } } },
      "Invalid option 'servers.a.url': unknown field; expected createTransport, protocol.",
    ],
    [
      { servers: { a: { url: 'not a url' } } },
      "Invalid option 'servers.a.url': expected an absolute http(s) URL.",
    ],
  ])('rejects %j, naming the field', (config, message) => {
    expect(() => validateMcpServersConfig(config)).toThrow(InvalidArgumentError);
    expect(() => validateMcpServersConfig(config)).toThrow(message);
  });

  it('never echoes an env value in its errors', () => {
    expect(() =>
      validateMcpServersConfig({ servers: { a: { command: 'x', env: { API_KEY: 42 } } } }),
    ).toThrow("Invalid option 'servers.a.env.API_KEY': expected a string.");
  });
});
