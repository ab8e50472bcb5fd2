import type { Transport } from '@modelcontextprotocol/client';
import type { McpAuthConfig } from './mcp-auth-config.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { isObject } from '../internal/is-object.js';

/**
 * Which MCP protocol revision a server is spoken to in. `auto` (the default) asks the server first
 * (`server/discover`) and speaks 2026-07-28 when it offers it, 2025-11-25 otherwise; a stdio server that exits
 * on the question is started again and spoken to in 2025-11-25. A pinned revision is the only one tried: a
 * server that does not speak it fails to connect, saying so.
 */
export type McpProtocol = '2025-11-25' | '2026-07-28' | 'auto';

/** The protocol revisions a server config may name, `auto` first. */
export const mcpProtocols: readonly McpProtocol[] = ['auto', '2025-11-25', '2026-07-28'];

/** An MCP server started as a child process, speaking over its stdin and stdout. */
export interface StdioServerConfig {
  command: string;
  args?: string[];
  /** Added to a minimal inherited environment (PATH, HOME, ...): the parent's other variables are not passed. */
  env?: Record<string, string>;
  cwd?: string;
  /**
   * The longest message the server may send, in bytes (a line of JSON-RPC, its newline not counted). An
   * answer past it (a big file, a base64 image) fails the calls under way with an error naming the server
   * and the size, and ends the server, which is started again on the next call. Default 10 MiB
   * (10,485,760), as the MCP SDK's own stdio transport.
   */
  maxMessageBytes?: number;
  /** The protocol revision to speak. Default `auto`. */
  protocol?: McpProtocol;
}

/** The default of a stdio server's `maxMessageBytes`: 10 MiB, as the MCP SDK's stdio transport. */
export const defaultMaxMessageBytes = 10 * 1024 * 1024;

/** An MCP server reached over streamable HTTP. */
export interface HttpServerConfig {
  url: string;
  headers?: Record<string, string>;
  /** How a server behind OAuth is authorized; its tokens go to the `tokenStore` of `connectMcpServers`. */
  auth?: McpAuthConfig;
  /** The protocol revision to speak. Default `auto`. */
  protocol?: McpProtocol;
}

/**
 * A server reached through a transport made in-process, such as one end of an in-memory pair. Called again to
 * reconnect after the connection closed.
 */
export interface TransportServerConfig {
  createTransport: () => Transport | Promise<Transport>;
  /** The protocol revision to speak. Default `auto`. */
  protocol?: McpProtocol;
}

export type McpServerConfig = StdioServerConfig | HttpServerConfig | TransportServerConfig;

/** The `servers` shape of a host's configuration: a name for each server. */
export interface McpServersConfig {
  servers: Record<string, McpServerConfig>;
}

/** Whether a server config starts a child process. */
export function isStdioServerConfig(config: McpServerConfig): config is StdioServerConfig {
  return 'command' in config;
}

/** Whether a server config reaches its server through a URL. */
export function isHttpServerConfig(config: McpServerConfig): config is HttpServerConfig {
  return 'url' in config;
}

/**
 * Checks a servers config written by hand (JSON, YAML, a host's settings), throwing `InvalidArgumentError`
 * that names the field, such as `servers.files.args[1]`.
 */
export function validateMcpServersConfig(config: unknown): McpServersConfig {
  const servers = isObject(config) ? config.servers : undefined;
  if (!isObject(servers)) fail('servers', 'expected an object with one entry per server.');
  for (const [name, server] of Object.entries(servers)) {
    const path = `servers.${name}`;
    if (!/^[a-zA-Z0-9_-]+$/.test(name))
      fail(path, "a server name may use only letters, digits, '_' and '-'.");
    if (!isObject(server)) {
      fail(path, 'expected { command, args?, env?, cwd? }, { url, headers? } or { createTransport }.');
    }
    if ('createTransport' in server) {
      if (typeof server.createTransport !== 'function') {
        fail(`${path}.createTransport`, 'expected a function returning a Transport.');
      }
      for (const key of Object.keys(server)) {
        if (key !== 'createTransport' && key !== 'protocol')
          fail(`${path}.${key}`, 'unknown field; expected createTransport, protocol.');
      }
      expectProtocol(`${path}.protocol`, server.protocol);
      continue;
    }
    const hasCommand = 'command' in server;
    const hasUrl = 'url' in server;
    if (hasCommand === hasUrl)
      fail(path, 'give either `command` (a stdio server) or `url` (an HTTP server).');
    const allowed = hasCommand
      ? ['command', 'args', 'env', 'cwd', 'maxMessageBytes', 'protocol']
      : ['url', 'headers', 'protocol', 'auth'];
    for (const key of Object.keys(server)) {
      if (!allowed.includes(key))
        fail(`${path}.${key}`, `unknown field; expected one of ${allowed.join(', ')}.`);
    }
    expectProtocol(`${path}.protocol`, server.protocol);
    if (hasCommand) {
      expectString(`${path}.command`, server.command);
      if (server.args !== undefined) {
        if (!Array.isArray(server.args)) fail(`${path}.args`, 'expected a list of strings.');
        server.args.forEach((argument, index) => {
          expectString(`${path}.args[${index}]`, argument);
        });
      }
      if (server.env !== undefined) expectStringRecord(`${path}.env`, server.env);
      if (server.cwd !== undefined) expectString(`${path}.cwd`, server.cwd);
      const { maxMessageBytes } = server;
      if (
        maxMessageBytes !== undefined &&
        (typeof maxMessageBytes !== 'number' || !Number.isSafeInteger(maxMessageBytes) || maxMessageBytes < 1)
      ) {
        fail(`${path}.maxMessageBytes`, 'expected a whole number of bytes, at least 1.');
      }
    } else {
      expectString(`${path}.url`, server.url);
      if (!URL.canParse(String(server.url))) fail(`${path}.url`, 'expected an absolute http(s) URL.');
      const { username, password } = new URL(String(server.url));
      if (username !== '' || password !== '') {
        // fetch refuses such a URL; and an error message must never carry the credentials back out.
        fail(
          `${path}.url`,
          'the URL holds credentials (user:password@); fetch refuses them. Put them in `headers` instead, e.g. { authorization: "Basic …" }.',
        );
      }
      if (server.headers !== undefined) expectStringRecord(`${path}.headers`, server.headers);
      if (server.auth !== undefined) expectAuth(`${path}.auth`, server.auth);
    }
  }
  return config as McpServersConfig;
}

/** The fields of each `auth` type, the required ones first. */
const authFields: Record<McpAuthConfig['type'], { required: string[]; optional: string[] }> = {
  authorization_code: {
    required: ['redirectUrl'],
    optional: ['scope', 'clientId', 'clientSecret', 'clientMetadataUrl', 'clientName'],
  },
  client_credentials: { required: ['clientId', 'clientSecret'], optional: ['scope'] },
  private_key_jwt: { required: ['clientId', 'privateKey'], optional: ['algorithm', 'scope'] },
};

function expectAuth(path: string, value: unknown): void {
  if (!isObject(value)) fail(path, 'expected an object with a `type`.');
  const fields = authFields[value.type as McpAuthConfig['type']] as
    (typeof authFields)[McpAuthConfig['type']] | undefined;
  if (fields === undefined) {
    fail(
      `${path}.type`,
      `expected one of ${Object.keys(authFields)
        .map((type) => `'${type}'`)
        .join(', ')}.`,
    );
  }
  for (const key of Object.keys(value)) {
    if (key !== 'type' && !fields.required.includes(key) && !fields.optional.includes(key)) {
      fail(
        `${path}.${key}`,
        `unknown field for ${String(value.type)}; expected ${[...fields.required, ...fields.optional].join(', ')}.`,
      );
    }
  }
  for (const key of fields.required) expectString(`${path}.${key}`, value[key]);
  for (const key of fields.optional) if (value[key] !== undefined) expectString(`${path}.${key}`, value[key]);
  if (
    value.type === 'authorization_code' &&
    value.clientSecret !== undefined &&
    value.clientId === undefined
  ) {
    fail(
      `${path}.clientSecret`,
      'a clientSecret goes with the clientId of a pre-registered client: give clientId too.',
    );
  }
  for (const key of ['redirectUrl', 'clientMetadataUrl']) {
    if (typeof value[key] === 'string' && !URL.canParse(value[key]))
      fail(`${path}.${key}`, 'expected an absolute URL.');
  }
}

function expectProtocol(path: string, value: unknown): void {
  if (value !== undefined && !mcpProtocols.includes(value as McpProtocol)) {
    fail(path, `expected one of ${mcpProtocols.map((protocol) => `'${protocol}'`).join(', ')}.`);
  }
}

function expectString(path: string, value: unknown): void {
  if (typeof value !== 'string' || value === '') fail(path, 'expected a non-empty string.');
}

function expectStringRecord(path: string, value: unknown): void {
  if (!isObject(value)) fail(path, 'expected an object of strings.');
  for (const [key, entry] of Object.entries(value)) {
    // Names only: values may be secrets and never appear in an error.
    if (typeof entry !== 'string') fail(`${path}.${key}`, 'expected a string.');
  }
}

function fail(argument: string, message: string): never {
  throw new InvalidArgumentError({ argument, message });
}
