import { afterEach, describe, expect, it } from 'vitest';
import { createRequestHeaders } from '../test/create-request-headers.js';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';

/** How deep a body's objects and arrays may nest, as the README documents it (the body itself is level 1). */
const maxDepth = 512;

/** An error body of any wire, read loosely: each wire's `error` says what its shape holds. */
interface ErrorJson {
  error: { type: string; status: string; message: string } & string;
  message: string;
}

/** Where the tests put a nested value: a free-form field each wire's checks walk. */
const deep = '"__deep__"';

/**
 * A valid request of each wire with `deep` in its most walked free-form field (a tool call's input, or a
 * schema's `default` where the wire's tool calls carry their arguments as a string).
 */
const wires = [
  {
    wire: 'Messages API',
    path: '/v1/messages',
    body: `{"model":"claude-sonnet-4-6","max_tokens":10,"tools":[{"name":"t","input_schema":{"type":"object"}}],"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"t","input":${deep}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"ok"}]}]}`,
    at: 'messages.1.content.0.input.a.a.a',
    error: (body: ErrorJson) => ({ type: body.error.type, message: body.error.message }),
    type: 'invalid_request_error',
  },
  {
    wire: 'chat completions',
    path: '/v1/chat/completions',
    body: `{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"t","parameters":{"type":"object","properties":{"x":{"type":"string","default":${deep}}}}}}]}`,
    at: 'tools.0.function.parameters.properties.x.default.a',
    error: (body: ErrorJson) => ({ type: body.error.type, message: body.error.message }),
    type: 'invalid_request_error',
  },
  {
    wire: 'Responses API',
    path: '/v1/responses',
    body: `{"model":"gpt-4o","input":"hi","tools":[{"type":"function","name":"t","parameters":{"type":"object","properties":{"x":{"type":"string","default":${deep}}}}}]}`,
    at: 'tools.0.parameters.properties.x.default.a.a',
    error: (body: ErrorJson) => ({ type: body.error.type, message: body.error.message }),
    type: 'invalid_request_error',
  },
  {
    wire: 'Gemini',
    path: '/v1beta/models/gemini-2.5-flash:generateContent',
    headers: { 'x-goog-api-key': 'test-key' },
    body: `{"contents":[{"role":"user","parts":[{"text":"hi"}]},{"role":"model","parts":[{"functionCall":{"name":"t","args":${deep}}}]},{"role":"user","parts":[{"functionResponse":{"name":"t","response":{"ok":1}}}]}],"tools":[{"functionDeclarations":[{"name":"t","parameters":{"type":"OBJECT"}}]}]}`,
    at: 'contents.1.parts.0.functionCall.args.a.a',
    error: (body: ErrorJson) => ({ type: body.error.status, message: body.error.message }),
    type: 'INVALID_ARGUMENT',
  },
  {
    wire: 'Bedrock Converse',
    path: '/model/anthropic.claude-sonnet-4-5-20250929-v1:0/converse',
    body: `{"messages":[{"role":"user","content":[{"text":"hi"}]},{"role":"assistant","content":[{"toolUse":{"toolUseId":"t1","name":"t","input":${deep}}}]},{"role":"user","content":[{"toolResult":{"toolUseId":"t1","content":[{"text":"ok"}]}}]}],"toolConfig":{"tools":[{"toolSpec":{"name":"t","inputSchema":{"json":{"type":"object"}}}}]}}`,
    at: 'messages.1.content.0.toolUse.input.a.a',
    error: (body: ErrorJson, response: Response) => ({
      type: response.headers.get('x-amzn-errortype')?.split(':')[0],
      message: body.message,
    }),
    type: 'ValidationException',
  },
  {
    wire: 'Ollama',
    path: '/api/chat',
    body: `{"model":"llama3.2","stream":false,"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"","tool_calls":[{"function":{"name":"t","arguments":${deep}}}]},{"role":"tool","content":"ok"}],"tools":[{"type":"function","function":{"name":"t","parameters":{"type":"object"}}}]}`,
    at: 'messages.1.tool_calls.0.function.arguments.a.a',
    error: (body: ErrorJson) => ({ type: undefined, message: body.error }),
    type: undefined,
  },
];

/**
 * How deep the objects and arrays of JSON text nest, counted by brackets outside strings: at their deepest, or
 * around the character at `index`.
 */
function depthOf(text: string, index = text.length): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let at = 0; at < index; at += 1) {
    const character = text[at];
    if (inString) {
      if (character === '\\') at += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '{' || character === '[') deepest = Math.max(deepest, ++depth);
    else if (character === '}' || character === ']') depth -= 1;
  }
  return index === text.length ? deepest : depth;
}

/** The wire's body with `{"a":…}` nested in place of `deep`, so that the whole body is `depth` levels deep. */
function nestTo(body: string, depth: number): string {
  const levels = depth - depthOf(body, body.indexOf(deep));
  const text = body.replace(deep, `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);
  expect(depthOf(text)).toBe(depth);
  return text;
}

describe('a request body that nests too deep', () => {
  let fake: FakeLlm | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  describe.each(wires)('$wire', ({ path, headers, body, at, error, type }) => {
    const send = (current: FakeLlm, text: string) =>
      current.handle(
        new Request(`http://fake-llm.test${path}`, {
          method: 'POST',
          headers: createRequestHeaders({ path, headers }),
          body: text,
        }),
      );

    it.each([maxDepth + 1, 5_000, 100_000])(
      'is refused at %i levels with a 400 naming where, and takes no step',
      async (depth) => {
        fake = createFakeLlm([{ text: 'First.' }]);
        const refused = await send(fake, nestTo(body, depth));
        expect(refused.status).toBe(400);
        const refusal = error((await refused.json()) as ErrorJson, refused);
        expect(refusal.type).toBe(type);
        expect(refusal.message).toContain(`nests deeper than ${String(maxDepth)} levels`);
        // Where the path starts, and its end: the container past the limit, whatever the body's depth.
        expect(refusal.message).toContain(`at ${at}.`);
        expect(refusal.message).toMatch(/\.…\(\d+ more\)\.a\.a\): /u);
        expect(refusal.message.length).toBeLessThan(400);
        expect(fake.violations).toMatchObject([{ type: 'invalid-request', requestIndex: 0 }]);
        expect(fake.requests).toHaveLength(0);
        // The script is untouched: the next request takes the first step.
        const answered = await send(fake, nestTo(body, 20));
        expect(answered.status).toBe(200);
        expect(fake.requests).toHaveLength(1);
      },
    );

    it(`is answered at ${String(maxDepth)} levels, its wire's checks all reading it`, async () => {
      fake = createFakeLlm([{ text: 'First.' }]);
      const answered = await send(fake, nestTo(body, maxDepth));
      expect(answered.status).toBe(200);
      expect(fake.violations).toEqual([]);
    });
  });

  it('is refused by a served fake, which goes on answering', async () => {
    fake = createFakeLlm([{ text: 'First.' }]);
    const { url } = await fake.serve();
    const [messages] = wires;
    const post = (text: string) =>
      fetch(`${url}${messages!.path}`, {
        method: 'POST',
        headers: createRequestHeaders({ path: messages!.path }),
        body: text,
      });
    const refused = await post(nestTo(messages!.body, 20_000));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      'nests deeper than',
    );
    const answered = await post(nestTo(messages!.body, 20));
    expect(answered.status).toBe(200);
  });
});
