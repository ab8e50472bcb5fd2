import { ModelError } from '../errors/model-error.js';
import type { JsonObject, JsonValue } from '../json-value.js';
import type { FinishReason, Model, ModelRequest, ModelStreamPart } from '../model/model.js';
import { parseToolInput } from '../model/parse-tool-input.js';
import type { Usage } from '../model/usage.js';

/** One scripted answer. Content fields are streamed in this order: thinking, redacted thinking, text, tool calls. */
export interface ScriptedResponse {
  thinking?: string | { text: string; providerData?: JsonObject };
  redactedThinking?: string;
  text?: string;
  toolCalls?: Array<{ id?: string; name: string; input?: JsonValue; rawInput?: string }>;
  /** Defaults to `tool_calls` when there are tool calls, `end` otherwise. */
  finishReason?: FinishReason;
  usage?: Partial<Usage>;
  /** Stream exactly these parts instead of building them from the fields above. */
  parts?: ModelStreamPart[];
  /** Throw this error instead of answering. */
  error?: Error;
  /**
   * Never finish: stream the content given (if any) without its finish part, then wait until the request is
   * aborted and fail with the abort reason.
   */
  hang?: boolean;
  /** Split text and thinking into deltas of this many characters (default: one delta per block). */
  chunkSize?: number;
}

/** A script: one response for every request, a list (one per request, in order), or a function of the request. */
export type ModelScript =
  | ScriptedResponse
  | ScriptedResponse[]
  | ((request: ModelRequest, index: number) => ScriptedResponse | Promise<ScriptedResponse>);

/** A request as the scripted model received it, without its signal. */
export type ScriptedModelRequest = Omit<ModelRequest, 'signal'>;

export interface ScriptedModel extends Model {
  /** Every request received, in order, deep-copied when it arrived. */
  readonly requests: ScriptedModelRequest[];
}

/**
 * An in-process `Model` that answers from a script and records every request — for unit tests of code built
 * on the loop. Running out of a list script is a `ModelError` naming the request, never a hang.
 *
 * @example
 * const model = createScriptedModel([
 *   { toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
 *   { text: 'Sunny in Paris.' },
 * ]);
 */
export function createScriptedModel(
  script: ModelScript,
  options: {
    modelId?: string;
    /** Say the model follows a request's `responseFormat` itself (native structured output). Default false. */
    supportsStructuredOutput?: boolean;
  } = {},
): ScriptedModel {
  const requests: ScriptedModelRequest[] = [];
  const modelId = options.modelId ?? 'scripted-model';
  return {
    provider: 'scripted',
    modelId,
    ...(options.supportsStructuredOutput === undefined
      ? {}
      : { supportsStructuredOutput: options.supportsStructuredOutput }),
    requests,
    async *stream(request) {
      const index = requests.length;
      const { signal, ...recorded } = request;
      requests.push(structuredClone(recorded));
      const response = await pickResponse(script, request, index, modelId);
      signal.throwIfAborted();
      if (response.error !== undefined) throw response.error;
      const parts = response.parts ?? toStreamParts(response, index);
      for (const part of response.hang === true ? parts.filter((part) => part.type !== 'finish') : parts) {
        signal.throwIfAborted();
        yield part;
      }
      if (response.hang === true) await waitForAbort(signal);
    },
  };
}

async function pickResponse(
  script: ModelScript,
  request: ModelRequest,
  index: number,
  modelId: string,
): Promise<ScriptedResponse> {
  if (typeof script === 'function') return script(request, index);
  if (!Array.isArray(script)) return script;
  const response = script[index];
  if (response === undefined) {
    throw new ModelError({
      message: `Scripted model '${modelId}' received request #${index + 1}, but its script has only ${script.length} response${script.length === 1 ? '' : 's'}.`,
      provider: 'scripted',
    });
  }
  return response;
}

function toStreamParts(response: ScriptedResponse, index: number): ModelStreamPart[] {
  const parts: ModelStreamPart[] = [];
  if (response.thinking !== undefined) {
    const thinking = typeof response.thinking === 'string' ? { text: response.thinking } : response.thinking;
    for (const text of chunk(thinking.text, response.chunkSize)) parts.push({ type: 'thinking-delta', text });
    parts.push({
      type: 'thinking',
      text: thinking.text,
      providerData: thinking.providerData ?? { signature: `scripted-signature-${index + 1}` },
    });
  }
  if (response.redactedThinking !== undefined)
    parts.push({ type: 'redacted-thinking', data: response.redactedThinking });
  if (response.text !== undefined) {
    for (const text of chunk(response.text, response.chunkSize)) parts.push({ type: 'text-delta', text });
    parts.push({ type: 'text', text: response.text });
  }
  const toolCalls = response.toolCalls ?? [];
  toolCalls.forEach((call, callIndex) => {
    const id = call.id ?? `call_${index + 1}_${callIndex + 1}`;
    if (call.rawInput === undefined)
      parts.push({ type: 'tool-call', id, name: call.name, input: call.input ?? {} });
    else parts.push({ type: 'tool-call', id, name: call.name, ...parseToolInput(call.rawInput) });
  });
  parts.push({
    type: 'finish',
    finishReason: response.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'end'),
    usage: {
      inputTokens: response.usage?.inputTokens ?? 10,
      outputTokens: response.usage?.outputTokens ?? 5,
    },
  });
  return parts;
}

function chunk(text: string, size: number | undefined): string[] {
  if (text === '') return [];
  if (size === undefined || size <= 0) return [text];
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
  return chunks;
}

function waitForAbort(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_resolve, reject) => {
    signal.addEventListener(
      'abort',
      () => {
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}
