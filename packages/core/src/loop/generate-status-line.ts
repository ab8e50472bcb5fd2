import { createLinkedAbortController } from '../internal/linked-abort-controller.js';
import { raceWithSignal } from '../internal/race-with-signal.js';
import type { JsonValue } from '../json-value.js';
import type { Model } from '../model/model.js';
import type { Usage } from '../model/usage.js';
import { formatToolName } from '../format-tool-name.js';

/** A status sentence is a quick request: at most 20 tokens, given up after 2 seconds. */
const statusMaxTokens = 20;
const statusTimeoutMs = 2_000;
/** How much of a call's arguments the status prompt shows. */
const argumentsLength = 300;

/**
 * Asks `model` for one short sentence describing a tool call from the user's point of view ("Looking up the
 * weather in Paris"). Returns `undefined` when the model fails, is too slow, or answers with nothing usable;
 * the caller then shows the template line. Never throws. Its cost is reported through `onUsage`.
 */
export async function generateStatusLine({
  model,
  toolName,
  input,
  signal,
  onUsage,
}: {
  model: Model;
  toolName: string;
  input: JsonValue;
  signal: AbortSignal;
  /** Called with the request's usage when its stream finishes. */
  onUsage: (usage: Usage) => void;
}): Promise<string | undefined> {
  const controller = createLinkedAbortController({ signals: [signal], timeoutMs: statusTimeoutMs });
  try {
    const prompt = [
      'Given this tool call:',
      `Tool: ${formatToolName(toolName)}`,
      `Arguments: ${describeArguments(input)}`,
      '',
      "Generate a single, clear, natural sentence (max 10 words) describing what this action is doing from the user's perspective.",
      'Only return the sentence, nothing else.',
    ].join('\n');
    const collect = async () => {
      let text = '';
      for await (const part of model.stream({
        messages: [{ role: 'user', content: prompt }],
        tools: [],
        maxTokens: statusMaxTokens,
        signal: controller.signal,
      })) {
        if (part.type === 'text') text += part.text;
        // Usage comes with the finish; a request the turn outlived is no longer the turn's to count.
        if (part.type === 'finish' && !signal.aborted) onUsage(part.usage);
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

/** The arguments as JSON, cut to a few hundred characters: the status model needs the gist, not a file's content. */
function describeArguments(input: JsonValue): string {
  const json = JSON.stringify(input) as string | undefined;
  if (json === undefined) return '(none)';
  return json.length <= argumentsLength ? json : `${json.slice(0, argumentsLength)}… (cut)`;
}

function toStatusSentence(text: string): string | undefined {
  const line =
    text
      .trim()
      .split('\n')[0]
      ?.trim()
      .replace(/^["'“]+|["'”]+$/g, '') ?? '';
  if (line === '') return undefined;
  // A sentence that ends like one (a full stop or an ellipsis, ! or ?) is shown as it is.
  return /[.…!?]$/u.test(line) ? line : `${line}...`;
}
