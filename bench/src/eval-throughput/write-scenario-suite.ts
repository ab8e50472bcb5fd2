import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writes `count` scenario files into `directory`: each a mock server with one tool and a turn of three model
 * responses (two tool calls, then the answer), with expectations the runner checks. Returns the file paths.
 */
export async function writeScenarioSuite({
  directory,
  count,
}: {
  directory: string;
  count: number;
}): Promise<string[]> {
  await mkdir(directory, { recursive: true });
  const files = Array.from({ length: count }, (_unused, index) =>
    join(directory, `scenario-${String(index).padStart(5, '0')}.yaml`),
  );
  await Promise.all(files.map((file, index) => writeFile(file, toScenarioYaml(index))));
  return files;
}

/** What generated scenario `index` asks and is answered: its prompt, the keys it looks up, the tool's answer. */
export function toScenarioScript(index: number) {
  return {
    prompt: `Look up two keys for item ${index}.`,
    keys: [`a${index}`, `b${index}`],
    toolAnswer: `value of ${index}`,
    answer: `Both keys of item ${index} are known.`,
  };
}

/** One generated scenario's YAML text. */
export function toScenarioYaml(index: number): string {
  const { prompt, keys, toolAnswer, answer } = toScenarioScript(index);
  const [first, second] = keys;
  return `name: generated three-round scenario ${index}
tags: [bench]
provider: anthropic
model: claude-haiku-4-5
servers:
  store:
    tools:
      - name: lookup
        inputSchema: { type: object, properties: { key: { type: string } }, required: [key] }
        responses:
          - text: ${toolAnswer}
turns:
  - user: ${prompt}
    llm:
      - toolCalls: [{ name: lookup, input: { key: ${first} } }]
      - toolCalls: [{ name: lookup, input: { key: ${second} } }]
      - text: ${answer}
    expect:
      stopReason: completed
      rounds: 2
      iterations: 3
      toolCalls: { order: strict, calls: [{ name: lookup, input: { key: ${first} } }, { name: lookup, input: { key: ${second} } }] }
      text: { equals: ${answer} }
      requests: { count: 3 }
`;
}
