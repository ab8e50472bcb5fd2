import { describe, expect, it } from 'vitest';
import { InvalidConfigError } from '../errors/invalid-config-error.js';
import { parseLlmConfig } from './parse-llm-config.js';

const secret = 'sk-ant-secret-key-0123456789';

function captureError(input: unknown): InvalidConfigError {
  try {
    parseLlmConfig(input);
  } catch (error) {
    if (InvalidConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected parseLlmConfig to throw');
}

describe('parseLlmConfig', () => {
  it('accepts the usual host config as written', () => {
    const config = {
      type: 'claude',
      api_key: secret,
      model: 'claude-3-7-sonnet-20250219',
      system_prompt: 'You are a helpful assistant with access to tools.',
      max_tool_calls: { per_message: 3, per_session: 20 },
      thinking: { enabled: true, budget_tokens: 8000 },
      servers: {},
    };

    // `thinking` in the form hosts wrote before it took true, false or { budget_tokens, effort }: read as on.
    expect(parseLlmConfig(config)).toEqual({ ...config, thinking: { budget_tokens: 8000 } });
  });

  it('reads { enabled: false } as thinking off, and takes true, false and the object form as they are', () => {
    const config = { type: 'claude', model: 'claude-sonnet-4-6' };

    expect(parseLlmConfig({ ...config, thinking: { enabled: false, effort: 'low' } }).thinking).toBe(false);
    expect(parseLlmConfig({ ...config, thinking: { enabled: true } }).thinking).toBe(true);
    expect(parseLlmConfig({ ...config, thinking: false }).thinking).toBe(false);
    expect(parseLlmConfig({ ...config, thinking: { effort: 'max' } }).thinking).toEqual({ effort: 'max' });
  });

  it('accepts the number shorthand, the loop limits, effort, base_url and both kinds of server', () => {
    const config = {
      type: 'openai',
      model: 'gpt-5',
      base_url: 'http://127.0.0.1:11434/v1',
      max_tool_calls: 4,
      thinking: { effort: 'high' },
      max_iterations: 8,
      max_rounds: 3,
      max_consecutive_errors: 2,
      timeout_ms: 60_000,
      tool_timeout_ms: 5_000,
      max_tokens: 1024,
      token_budget: { per_turn: 4000, per_session: 50_000 },
      context_limit: {
        max_tokens: 60_000,
        keep_tool_results: 2,
        exclude_tools: ['plan'],
        summarize: { instructions: 'Keep every order number.', max_tokens: 800 },
      },
      servers: {
        files: { command: 'node', args: ['server.js'], env: { ROOT: '/tmp' }, cwd: '/tmp' },
        search: { url: 'https://example.com/mcp', headers: { authorization: 'Bearer x' } },
      },
    };

    expect(parseLlmConfig(config)).toEqual(config);
  });

  it('lists every problem by field, one per line', () => {
    const error = captureError({
      type: 'palm',
      api_key: secret,
      model: 'claude-3-7-sonnet-20250219',
      max_tool_calls: { per_message: -1 },
      thinking: { budget_tokens: 'lots' },
      token_budget: { per_message: 10 },
      context_limit: { keep_tool_results: -1, summarize: 'yes' },
    });

    expect(error.issues.map((issue) => issue.path)).toEqual([
      'type',
      'max_tool_calls.per_message',
      'thinking.budget_tokens',
      'token_budget.per_message',
      'context_limit.max_tokens',
      'context_limit.keep_tool_results',
      'context_limit.summarize',
    ]);
    expect(error.message).toMatchInlineSnapshot(`
      "Invalid LLM config (7 problems):
      - type: expected one of 'claude', 'anthropic', 'openai', 'openai-responses', 'gemini', 'bedrock', 'ollama', 'ollama-openai'
      - max_tool_calls.per_message: expected an integer of at least 0
      - thinking.budget_tokens: expected an integer of at least 1 (it is sent to the model)
      - token_budget.per_message: unknown field (check the spelling; fields are snake_case)
      - context_limit.max_tokens: expected the size past which old tool results are cleared, in tokens; it is missing
      - context_limit.keep_tool_results: expected an integer of at least 0
      - context_limit.summarize: expected true, false or { instructions?, max_tokens? }"
    `);
  });

  it('never echoes the api key, even when the key itself is the problem', () => {
    const error = captureError({ type: 'claude', api_key: secret, model: '', thinking: { enabled: secret } });

    expect(error.message).not.toContain(secret);
    expect(JSON.stringify(error)).not.toContain(secret);
    expect(error.issues.map((issue) => issue.path)).toEqual(['model', 'thinking.enabled']);
  });

  it('takes a region only for bedrock, no key for bedrock, and no /v1 URL for native ollama', () => {
    const error = captureError({
      type: 'ollama',
      model: 'qwen3',
      region: 'us-east-1',
      base_url: 'http://localhost:11434/v1',
    });
    expect(error.message).toContain('- region: only bedrock takes a region');
    expect(error.message).toContain(
      "- base_url: a URL ending in /v1 is Ollama's OpenAI-compatible layer: give type 'ollama-openai', or the server's root for 'ollama'",
    );
    const bedrock = captureError({
      type: 'bedrock',
      model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
      api_key: secret,
      region: 'mars',
    });
    expect(bedrock.issues.map((issue) => issue.path)).toEqual(['region', 'api_key']);
    expect(bedrock.message).not.toContain(secret);
    expect(
      parseLlmConfig({
        type: 'bedrock',
        model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
        region: 'eu-west-3',
      }),
    ).toMatchObject({ type: 'bedrock', region: 'eu-west-3' });
    expect(
      parseLlmConfig({ type: 'ollama-openai', model: 'qwen3', base_url: 'http://localhost:11434/v1' }),
    ).toMatchObject({
      type: 'ollama-openai',
    });
  });

  it('names unknown fields and server mistakes by path', () => {
    const error = captureError({
      type: 'ollama',
      model: 'qwen3',
      max_tool_call: 3,
      servers: {
        'bad name': { command: 'x' },
        both: { command: 'x', url: 'http://x' },
        web: { url: 'ftp://x' },
      },
    });

    expect(error.issues.map((issue) => issue.path)).toEqual([
      'servers.bad name',
      'servers.both',
      'servers.web.url',
      'max_tool_call',
    ]);
  });

  it("takes each server's MCP protocol revision, and names a wrong one", () => {
    const servers = {
      files: { command: 'node', args: ['server.js'], protocol: '2025-11-25' },
      search: { url: 'https://example.com/mcp', protocol: '2026-07-28' },
      other: { url: 'https://example.com/other', protocol: 'auto' },
    };
    expect(parseLlmConfig({ type: 'claude', model: 'claude-sonnet-4-5', servers }).servers).toEqual(servers);
    expect(
      captureError({ type: 'claude', model: 'm', servers: { files: { command: 'x', protocol: '2026' } } })
        .issues,
    ).toEqual([{ path: 'servers.files.protocol', message: "expected 'auto', '2025-11-25' or '2026-07-28'" }]);
  });

  it('reports a missing model and a config that is not an object', () => {
    expect(captureError({ type: 'claude' }).issues).toEqual([
      { path: 'model', message: 'expected a model id' },
    ]);
    expect(captureError('claude').issues.map((issue) => issue.path)).toEqual(['(config)']);
  });

  it('accepts ${NAME} references in server headers and env, and names a malformed one without its value', () => {
    const servers = (value: string) => ({
      search: { url: 'https://example.com/mcp', headers: { authorization: value } },
      files: { command: 'node', env: { TOKEN: value } },
    });
    const valid = { type: 'openai', model: 'gpt-5', servers: servers('Bearer ${MCP_TOKEN} and ${OTHER_1}') };

    const error = captureError({ ...valid, servers: servers('Bearer ${mcp-token} sk-hidden') });

    expect(parseLlmConfig(valid)).toEqual(valid);
    expect(error.issues).toEqual([
      {
        path: 'servers.search.headers.authorization',
        message:
          "write an environment variable as ${NAME} (letters, digits and '_'); '${' may not appear otherwise",
      },
      {
        path: 'servers.files.env.TOKEN',
        message:
          "write an environment variable as ${NAME} (letters, digits and '_'); '${' may not appear otherwise",
      },
    ]);
    expect(String(error)).not.toContain('sk-hidden');
  });
});
