import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The recorded Responses API streams this package keeps (see test/fixtures/openai-responses/README.md). */
export const openaiResponsesFixtureDirectory = path.resolve(
  import.meta.dirname,
  '../fixtures/openai-responses',
);

/**
 * A recorded Responses API file as the bytes a server sends for each response in it: every line re-framed as
 * `event: <type>` / `data: <line>`, one byte array per response (a file may hold several, each starting with
 * `response.created`).
 */
export function readOpenAIResponsesFixture(fileName: string): Uint8Array[] {
  const lines = readFileSync(path.join(openaiResponsesFixtureDirectory, fileName), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const responses: string[][] = [];
  for (const line of lines) {
    if ((JSON.parse(line) as { type: string }).type === 'response.created' || responses.length === 0)
      responses.push([]);
    responses.at(-1)?.push(line);
  }
  return responses.map((response) =>
    new TextEncoder().encode(
      response
        .map((line) => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`)
        .join(''),
    ),
  );
}

/** Responses API stream events framed as server-sent events. */
export function encodeOpenAIResponsesEvents(events: ReadonlyArray<{ type: string }>): Uint8Array {
  return new TextEncoder().encode(
    events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(''),
  );
}
