import { isRecord } from '../internal/is-record.js';

/** The fields of an Ollama chat request the fake reads. */
export interface OllamaChatRequestBody {
  /** The model as sent (`''` when none). */
  model: string;
  /** `true` unless the body says `"stream": false`: Ollama streams by default. */
  stream: boolean;
  /** Whether `think` asks for thinking (`true` or a level). */
  thinks: boolean;
  /** The names of the tools offered. */
  toolNames: string[];
}

/** Reads the fields the fake answers from; the definition rule has already held the body to its types. */
export function readOllamaChatRequestBody(json: Record<string, unknown>): OllamaChatRequestBody {
  const tools = Array.isArray(json.tools) ? json.tools.filter(isRecord) : [];
  return {
    model: typeof json.model === 'string' ? json.model : '',
    stream: json.stream !== false,
    thinks: json.think === true || typeof json.think === 'string',
    toolNames: tools.flatMap((tool) =>
      isRecord(tool.function) && typeof tool.function.name === 'string' ? [tool.function.name] : [],
    ),
  };
}
