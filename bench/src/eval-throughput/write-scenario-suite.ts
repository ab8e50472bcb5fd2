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

/** One generated scenario's YAML text. */
export function toScenarioYaml(index: number): string {
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
          - text: value of ${index}
turns:
  - user: Look up two keys for item ${index}.
    llm:
      - toolCalls: [{ name: lookup, input: { key: a${index} } }]
      - toolCalls: [{ name: lookup, input: { key: b${index} } }]
      - text: Both keys of item ${index} are known.
    expect:
      stopReason: completed
      rounds: 2
      iterations: 3
      toolCalls: { order: strict, calls: [{ name: lookup, input: { key: a${index} } }, { name: lookup, input: { key: b${index} } }] }
      text: { equals: Both keys of item ${index} are known. }
      requests: { count: 3 }
`;
}
