import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The recorded Anthropic streams shared by the workspace (`fixtures/real-wire/anthropic`). */
export const anthropicFixturesDirectory = resolve(
  import.meta.dirname,
  '../../../fixtures/real-wire/anthropic',
);

/** Every recorded Anthropic stream file name (`.sse` and `.chunks.jsonl`). */
export function listAnthropicFixtures(): string[] {
  return readdirSync(anthropicFixturesDirectory)
    .filter((name) => name.endsWith('.sse') || name.endsWith('.jsonl'))
    .sort();
}

/**
 * What replaying a fixture must send: a `.sse` file as it is; a `.chunks.jsonl` file re-framed line by line as
 * `event: <json.type>\ndata: <line>\n\n`, as the fixtures README says.
 */
export function readExpectedReplay(name: string): Buffer {
  const bytes = readFileSync(join(anthropicFixturesDirectory, name));
  if (name.endsWith('.sse')) return bytes;
  const framed = bytes
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`)
    .join('');
  return Buffer.from(framed, 'utf8');
}

/** The recorded OpenAI-compatible streams shared by the workspace (`fixtures/real-wire/openai-compatible`). */
export const openAiCompatibleFixturesDirectory = resolve(
  import.meta.dirname,
  '../../../fixtures/real-wire/openai-compatible',
);

/** Every recorded OpenAI-compatible stream file name (`.sse` and `.chunks.jsonl`). */
export function listOpenAiCompatibleFixtures(): string[] {
  return readdirSync(openAiCompatibleFixturesDirectory)
    .filter((name) => name.endsWith('.sse') || name.endsWith('.jsonl'))
    .sort();
}

/**
 * What replaying an OpenAI-compatible fixture must send: a `.sse` file as it is; a `.chunks.jsonl` file
 * re-framed line by line as `data: <line>\n\n`, then `data: [DONE]\n\n`, as the fixtures README says.
 */
export function readExpectedChatCompletionsReplay(name: string): Buffer {
  const bytes = readFileSync(join(openAiCompatibleFixturesDirectory, name));
  if (name.endsWith('.sse')) return bytes;
  const lines = bytes
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '');
  return Buffer.from(`${lines.map((line) => `data: ${line}\n\n`).join('')}data: [DONE]\n\n`, 'utf8');
}
