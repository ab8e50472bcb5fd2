import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestHeaders } from './create-request-headers.js';
import { createFakeLlm, type FakeLlm } from '../src/create-fake-llm.js';
import type { FakeLlmOptions } from '../src/fake-llm-options.js';
import { listFakeLlmRules } from '../src/rules/list-fake-llm-rules.js';
import type { FakeLlmScript } from '../src/script/fake-llm-script.js';

/** A request the real API refuses, the rule of the fake that refuses it, and what the API answers. */
export interface RefusalCase {
  /** What the request does wrong, as a test title. */
  name: string;
  /** The id of the rule that refuses it. */
  rule: string;
  /** The path after the base URL, such as `/v1/messages`. */
  path: string;
  /** Headers to send besides content-type (and, to the Messages API, `anthropic-version: 2023-06-01`); `null` leaves one out. */
  headers?: Record<string, string | null>;
  body: unknown;
  expected: {
    status: number;
    /**
     * `error.type` (Messages API, chat completions), or `error.status` (Gemini: `INVALID_ARGUMENT`, …); none for
     * Ollama, whose `error` is a string.
     */
    type?: string;
    /** The whole message, or a pattern it matches. */
    message: string | RegExp;
    /** Chat completions: `error.param` and `error.code`. */
    param?: string | null;
    code?: string | null;
  };
}

/** How a test reaches the fake: its HTTP server, or msw's interception of `fetch`. */
type Transport = 'served' | 'msw';

/**
 * Sends each request to a fake served on a real port and to one behind msw (`listen()`), and checks that both
 * refuse it with the API's status, error type and message, record an `invalid-request` violation naming the rule,
 * take no step (the next valid request gets the first), and that the rule is listed with its source.
 */
export function describeRefusals(options: {
  title: string;
  cases: readonly RefusalCase[];
  /** A request the fake answers, sent after each refused one. */
  valid: { path: string; headers?: Record<string, string | null>; body: unknown };
  script?: Omit<FakeLlmScript, 'steps'>;
  fakeOptions?: FakeLlmOptions;
}): void {
  const { title, cases, valid } = options;
  describe.each<Transport>(['served', 'msw'])(`${title} (%s)`, (transport) => {
    let fake: FakeLlm;
    let baseUrl: string;
    beforeAll(async () => {
      fake = createFakeLlm(undefined, options.fakeOptions);
      if (transport === 'served') {
        baseUrl = (await fake.serve()).url;
      } else {
        fake.listen();
        baseUrl = 'http://fake-llm.test';
      }
    });
    afterAll(async () => {
      await fake.close();
    });

    it.each(cases.map((refusal) => [refusal.name, refusal] as const))('%s', async (_name, refusal) => {
      const id = `case-${String(cases.indexOf(refusal))}`;
      const route = fake.script(id, { ...options.script, steps: [{ text: 'Answered.' }] });
      const post = (request: { path: string; headers?: Record<string, string | null>; body: unknown }) => {
        // A case about a header the SDKs always send leaves it out with `null`.
        return fetch(`${baseUrl}/script/${id}${request.path}`, {
          method: 'POST',
          headers: createRequestHeaders(request),
          body: JSON.stringify(request.body),
        });
      };
      const refused = await post(refusal);
      const body = readErrorBody(refused, await refused.json());
      expect(refused.status).toBe(refusal.expected.status);
      // Ollama's error is the message itself (`{ "error": "…" }`).
      const error = typeof body.error === 'string' ? { message: body.error } : body.error;
      expect(error.type ?? error.status).toBe(refusal.expected.type);
      if (typeof refusal.expected.message === 'string') expect(error.message).toBe(refusal.expected.message);
      else expect(error.message).toMatch(refusal.expected.message);
      if (refusal.expected.param !== undefined) expect(error.param).toBe(refusal.expected.param);
      if (refusal.expected.code !== undefined) expect(error.code).toBe(refusal.expected.code);
      expect(refused.headers.get('x-should-retry')).toBe('false');
      expect(route.violations.map(({ type }) => type)).toEqual(['invalid-request']);
      expect(route.violations[0]?.message).toContain(`fake LLM rule ${refusal.rule}`);
      const listed = listFakeLlmRules().find((rule) => rule.id === refusal.rule);
      expect(listed?.source).toMatch(/\S/u);
      const answered = await post(valid);
      expect(answered.status).toBe(200);
      expect(route.requests).toHaveLength(1);
    });
  });
}

/**
 * The error of a refusal as `{ error: { type, message, … } }`: the body itself, or Bedrock's (AWS's) shape, the
 * exception's name in `x-amzn-errortype` and `{ message }` as the body.
 */
function readErrorBody(response: Response, json: unknown): { error: Record<string, unknown> | string } {
  const body = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  const errorType = response.headers.get('x-amzn-errortype');
  if (errorType === null) return body as { error: Record<string, unknown> | string };
  return { error: { type: errorType.split(':')[0], message: body.message } };
}
