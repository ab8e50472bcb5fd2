import type { FakeLlm } from '@toolloop/fake-llm';

/** One request as it went over the wire to the fake LLM, and the input usage its answer reported. */
export interface TappedExchange {
  /** The bytes of the request body, as the client sent them. */
  bodyBytes: number;
  /** Of those, the bytes of its cache breakpoints: each `,"cache_control":{…}` as serialized. */
  breakpointBytes: number;
  /** Whether the request carried a `thread` field (Messages API threads). */
  threaded: boolean;
  /** Input tokens of the answer: uncached, read from the prompt cache, written to it. */
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/**
 * A `fetch` for SDK clients that answers from `fake` in process and keeps, for every request, its body's bytes and
 * the input usage of the answer's `message_start` event (or JSON body): the same measure whatever the client.
 */
export function createWireTap(fake: FakeLlm): { fetch: typeof fetch; exchanges: TappedExchange[] } {
  const exchanges: TappedExchange[] = [];
  const tapped = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = await request.clone().text();
    const response = await fake.handle(request);
    // The fake streams without delays, so reading a copy to its end here holds nothing up.
    const usage = readInputUsage(await response.clone().text());
    exchanges.push({
      bodyBytes: Buffer.byteLength(body),
      breakpointBytes: countBreakpointBytes(body),
      threaded: hasThread(body),
      inputTokens: usage.input_tokens ?? 0,
      cacheReadTokens: usage.cache_read_input_tokens ?? 0,
      cacheWriteTokens: usage.cache_creation_input_tokens ?? 0,
    });
    return response;
  };
  return { fetch: tapped, exchanges };
}

interface InputUsage {
  input_tokens?: number;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}

/** The usage of a Messages API answer: from its `message_start` event when streamed, else from the message. */
function readInputUsage(text: string): InputUsage {
  const start = /^data: (\{"type":"message_start".*)$/m.exec(text)?.[1];
  try {
    const parsed = JSON.parse(start ?? text) as { message?: { usage?: InputUsage }; usage?: InputUsage };
    return parsed.message?.usage ?? parsed.usage ?? {};
  } catch {
    return {};
  }
}

/** Whether a request body has a `thread` field of its own (not a message that mentions one). */
function hasThread(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { thread?: unknown };
    return parsed.thread !== undefined && parsed.thread !== null;
  } catch {
    return false;
  }
}

/**
 * The bytes a request body spends on cache breakpoints: each `cache_control` field of the request's own blocks
 * (the top level, tools, system and message content, tool results' content), its key and value as JSON writes
 * them (the SDKs serialize with `JSON.stringify`) and the comma beside it. A tool call's `input` and a tool's
 * `input_schema` are data, not breakpoints, and are not looked into.
 */
export function countBreakpointBytes(body: string): number {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 0;
  }
  let bytes = 0;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const fields = Object.entries(value);
    for (const [key, field] of fields) {
      if (key === 'cache_control') {
        const comma = fields.length > 1 ? 1 : 0;
        bytes += Buffer.byteLength(`"cache_control":${JSON.stringify(field)}`) + comma;
      } else if (key !== 'input' && key !== 'input_schema') visit(field);
    }
  };
  visit(parsed);
  return bytes;
}
