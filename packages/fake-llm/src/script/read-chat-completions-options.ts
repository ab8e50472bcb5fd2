import { chatCompletionsDialects, type ChatCompletionsQuirks } from '../openai/chat-completions-dialect.js';
import type { FakeLlmScript } from './fake-llm-script.js';
import { readObject, ScriptFieldError } from './parse-llm-step.js';

type ChatCompletionsOptions = Pick<FakeLlmScript, 'dialect' | 'quirks' | 'toolFormat'>;

const quirkValues: { [Key in keyof ChatCompletionsQuirks]: ReadonlyArray<ChatCompletionsQuirks[Key]> } = {
  reasoningField: ['reasoning_content', 'reasoning', 'none'],
  toolCallArguments: ['fragments', 'whole'],
  toolCallIndexes: ['from-0', 'from-1', 'absent'],
  continuationChunks: ['minimal', 'repeat-type'],
  emptyArguments: ['empty-object', 'empty-string'],
  usage: ['trailing-chunk', 'finish-chunk'],
  cacheUsage: ['openai', 'deepseek', 'none'],
};

/** Reads a script's chat completions options (`dialect`, `quirks`, `toolFormat`) from JSON or YAML fields. */
export function readChatCompletionsOptions(fields: Record<string, unknown>): ChatCompletionsOptions {
  const options: ChatCompletionsOptions = {};
  if (fields.dialect !== undefined)
    options.dialect = readChoice(fields.dialect, 'dialect', chatCompletionsDialects);
  if (fields.toolFormat !== undefined) {
    options.toolFormat = readChoice(fields.toolFormat, 'toolFormat', ['native', 'xml'] as const);
  }
  if (fields.quirks !== undefined) {
    const quirks = readObject(fields.quirks, 'quirks', new Set(Object.keys(quirkValues)));
    const read: Partial<ChatCompletionsQuirks> = {};
    for (const key of Object.keys(quirks) as Array<keyof ChatCompletionsQuirks>) {
      Object.assign(read, { [key]: readChoice(quirks[key], `quirks.${key}`, quirkValues[key]) });
    }
    options.quirks = read;
  }
  return options;
}

/**
 * The options a scenario file's `provider` implies: `ollama-openai` (Ollama's OpenAI-compatible layer) the
 * Ollama dialect of chat completions, `xml` the XML tool format. Other providers (and none) imply nothing: each
 * wire is answered on its own path, native Ollama on `/api/chat`.
 */
export function readScenarioProviderOptions(provider: unknown): ChatCompletionsOptions {
  if (provider === 'ollama-openai') return { dialect: 'ollama' };
  if (provider === 'xml') return { toolFormat: 'xml' };
  return {};
}

function readChoice<Value extends string>(value: unknown, path: string, choices: readonly Value[]): Value {
  const found = choices.find((choice) => choice === value);
  if (found === undefined) throw new ScriptFieldError(path, `must be one of ${choices.join(', ')}`);
  return found;
}
