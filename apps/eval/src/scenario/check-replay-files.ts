import { realpath } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { checkRecordedFile, maxRecordedFileBytes } from './check-recorded-file.js';
import type { Scenario } from './scenario-schema.js';

/** A problem with one `replay` path: the field path to it and what is wrong. */
export interface ReplayProblem {
  path: Array<string | number>;
  message: string;
}

/**
 * Checks every `replay` recording of a scenario before anything runs: an `.sse`, `.jsonl`, `.ndjson` or `.bin` file that exists, is
 * a regular file of at most 16 MiB, and lies (symbolic links followed) under the scenario file's directory or the
 * directory the run works in, so that a scenario cannot make the fake LLM read `/etc/passwd` or `/dev/zero`.
 */
export async function checkReplayFiles({
  scenario,
  file,
  cwd,
}: {
  scenario: Scenario;
  /** The scenario file; relative `replay` paths start at its directory. */
  file: string;
  /** The directory the run works in. */
  cwd: string;
}): Promise<ReplayProblem[]> {
  const directory = dirname(resolve(file));
  const steps = scenario.turns.flatMap((turn, turnIndex) =>
    turn.llm.flatMap((step, stepIndex) =>
      step.replay === undefined
        ? []
        : [{ replay: step.replay, path: ['turns', turnIndex, 'llm', stepIndex, 'replay'] }],
    ),
  );
  if (steps.length === 0) return [];
  const roots = await Promise.all([directory, resolve(cwd)].map((root) => realpath(root).catch(() => root)));
  const problems = await Promise.all(
    steps.map(async ({ replay, path }) => {
      const message = await findProblem({ replay, target: resolve(directory, replay), roots });
      return message === undefined ? [] : [{ path, message }];
    }),
  );
  return problems.flat();
}

async function findProblem({
  replay,
  target,
  roots,
}: {
  replay: string;
  target: string;
  roots: readonly string[];
}): Promise<string | undefined> {
  const named = `The recording '${replay}'`;
  if (!/\.(sse|jsonl|ndjson|bin)$/u.test(target)) {
    return `${named} is not a recording: the fake LLM replays .sse, .chunks.jsonl, .ndjson (Ollama) and .bin (Bedrock) files.`;
  }
  const problem = await checkRecordedFile({ target, roots });
  if (problem === undefined) return undefined;
  switch (problem.type) {
    case 'missing':
      return `${named} does not exist or cannot be read (looked for ${target}).`;
    case 'outside':
      return `${named} is ${problem.real}, outside the scenario's directory and the directory the run works in; keep recordings under one of them.`;
    case 'not-a-file':
      return `${named} is not a regular file.`;
    case 'too-big':
      return `${named} is ${problem.size} bytes; a recording may be at most ${maxRecordedFileBytes} bytes (16 MiB).`;
    default: {
      const unexpected: never = problem;
      throw new Error(`Unknown recorded file problem: ${JSON.stringify(unexpected)}`);
    }
  }
}
