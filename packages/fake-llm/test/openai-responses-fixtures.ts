import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The recorded OpenAI Responses API streams shared by the workspace (`fixtures/real-wire/openai-responses`). */
export const openAiResponsesFixturesDirectory = resolve(
  import.meta.dirname,
  '../../../fixtures/real-wire/openai-responses',
);

/** One event of a Responses API stream, as parsed from its `data:` line. */
export type ResponsesStreamEvent = Record<string, unknown> & { type: string };

/**
 * The responses of a recorded `.chunks.jsonl` file, each as its events: a file may hold several responses one
 * after another, each starting with `response.created`.
 */
export function readRecordedResponses(name: string): ResponsesStreamEvent[][] {
  const events = readFileSync(resolve(openAiResponsesFixturesDirectory, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ResponsesStreamEvent);
  const responses: ResponsesStreamEvent[][] = [];
  for (const event of events) {
    if (event.type === 'response.created') responses.push([]);
    responses.at(-1)?.push(event);
  }
  return responses;
}

/**
 * What a stream is made of, without its content: the event types in order, a run of deltas of one type as one
 * entry, and per event type (and item or part type) the fields it has.
 */
export function describeStreamShape(events: readonly ResponsesStreamEvent[]): {
  sequence: string[];
  fields: Record<string, string[]>;
} {
  const sequence: string[] = [];
  const fields: Record<string, string[]> = {};
  for (const event of events) {
    if (sequence.at(-1) !== event.type || !event.type.endsWith('.delta')) sequence.push(event.type);
    const keys = (value: unknown) => Object.keys(value as object).sort();
    fields[event.type] = keys(event);
    for (const inner of ['item', 'part'] as const) {
      const value = event[inner] as { type: string } | undefined;
      if (value !== undefined) fields[`${event.type} ${inner} ${value.type}`] = keys(value);
    }
    const response = event.response as Record<string, unknown> | undefined;
    if (response !== undefined) {
      fields[`${event.type} response`] = keys(response);
      fields[`${event.type} response.usage`] = response.usage === null ? [] : keys(response.usage);
    }
  }
  return { sequence, fields };
}
