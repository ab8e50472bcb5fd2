import { createLinkedAbortController } from '../internal/linked-abort-controller.js';
import { raceWithSignal } from '../internal/race-with-signal.js';
import type { JsonValue } from '../json-value.js';
import type { Model } from '../model/model.js';
import { formatToolName } from '../format-tool-name.js';

/** Seed 001: a status sentence is a quick request, at most 20 tokens, given up after 2 seconds. */
const statusMaxTokens = 20;
const statusTimeoutMs = 2_000;

/**
 * Asks `model` for one short sentence describing a tool call from the user's point of view ("Looking up the
 * weather in Paris"). Returns `undefined` when the model fails, is too slow, or answers with nothing usable;
 * the caller then shows the template line. Never throws.
 */
export async function generateStatusLine({
  model,
  toolName,
  input,
  signal,
}: {
  model: Model;
  toolName: string;
  input: JsonValue;
  signal: AbortSignal;
}): Promise<string | undefined> {
  const controller = createLinkedAbortController({ signals: [signal], timeoutMs: statusTimeoutMs });
  const prompt = [
    'Given this tool call:',
    `Tool: ${formatToolName(toolName)}`,
    `Arguments: ${JSON.stringify(input)}`,
    '',
    "Generate a single, clear, natural sentence (max 10 words) describing what this action is doing from the user's perspective.",
    'Only return the sentence, nothing else.',
  ].join('\n');
  try {
    const collect = async () => {
      let text = '';
      for await (const part of model.stream({
        messages: [{ role: 'user', content: prompt }],
        tools: [],
        maxTokens: statusMaxTokens,
        signal: controller.signal,
      })) {
        if (part.type === 'text') text += part.text;
      }
      return text;
    };
    return toStatusSentence(await raceWithSignal(collect(), controller.signal));
  } catch {
    return undefined;
  } finally {
    controller.abort(undefined);
    controller.dispose();
  }
}

function toStatusSentence(text: string): string | undefined {
  const line =
    text
      .trim()
      .split('\n')[0]
      ?.trim()
      .replace(/^["'“]+|["'”]+$/g, '') ?? '';
  if (line === '') return undefined;
  return line.endsWith('...') || line.endsWith('.') ? line : `${line}...`;
}
