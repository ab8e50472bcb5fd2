import { mkdir, mkdtemp, realpath, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenarioFile } from './load-scenario-file.js';
import { ScenarioFileError, type ScenarioIssue } from './scenario-file-error.js';

// outside/secret.sse
// project/fixtures/recorded.sse, project/fixtures/huge.sse (16 MiB + 1), project/fixtures/folder.sse/
// project/scenarios/topic/{local.sse, link.sse → outside/secret.sse, zero.sse → /dev/zero, notes.txt, <scenario>.yaml}
let root: string;
let project: string;
let scenarios: string;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolloop-replay-')));
  project = join(root, 'project');
  scenarios = join(project, 'scenarios', 'topic');
  await mkdir(join(root, 'outside'));
  await mkdir(join(project, 'fixtures', 'folder.sse'), { recursive: true });
  await mkdir(scenarios, { recursive: true });
  const recording = 'event: ping\ndata: {"type":"ping"}\n\n';
  await writeFile(join(root, 'outside', 'secret.sse'), recording);
  await writeFile(join(project, 'fixtures', 'recorded.sse'), recording);
  await writeFile(join(project, 'fixtures', 'huge.sse'), '');
  await truncate(join(project, 'fixtures', 'huge.sse'), 16 * 1024 * 1024 + 1);
  await writeFile(join(scenarios, 'local.sse'), recording);
  await writeFile(join(scenarios, 'notes.txt'), recording);
  await symlink(join(root, 'outside', 'secret.sse'), join(scenarios, 'link.sse'));
  await symlink('/dev/zero', join(scenarios, 'zero.sse'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Writes a scenario that replays `replay`, loads it with the project as the run's directory, and gives its issues. */
async function replayIssues(replay: string): Promise<ScenarioIssue[]> {
  const file = join(scenarios, 'replay.yaml');
  await writeFile(file, `name: replay\nturns:\n  - user: Hi\n    llm:\n      - replay: '${replay}'\n`);
  try {
    await loadScenarioFile(file, { cwd: project });
    return [];
  } catch (error) {
    if (ScenarioFileError.isInstance(error)) return error.issues;
    throw error;
  }
}

/** The one issue of a scenario replaying `replay`, located at its field. */
async function replayMessage(replay: string): Promise<string | undefined> {
  const issues = await replayIssues(replay);
  expect(issues).toEqual([expect.objectContaining({ line: 5, column: 17, path: 'turns[0].llm[0].replay' })]);
  return issues[0]?.message;
}

describe('scenario files: replay recordings', () => {
  it('accepts a recording beside the scenario, or anywhere under the directory the run works in', async () => {
    expect(await replayIssues('local.sse')).toEqual([]);
    expect(await replayIssues('../../fixtures/recorded.sse')).toEqual([]);
  });

  it('rejects a path that leaves both directories', async () => {
    expect(await replayMessage('../../../outside/secret.sse')).toBe(
      `The recording '../../../outside/secret.sse' is ${join(root, 'outside', 'secret.sse')}, outside the scenario's directory and the directory the run works in; keep recordings under one of them.`,
    );
  });

  it('rejects a device such as /dev/zero, by its name or through a link', async () => {
    expect(await replayMessage('/dev/zero')).toBe(
      "The recording '/dev/zero' is not a recording: the fake LLM replays .sse, .chunks.jsonl, .ndjson (Ollama) and .bin (Bedrock) files.",
    );
    expect(await replayMessage('zero.sse')).toMatch(/^The recording 'zero\.sse' is \/dev\/zero, outside/);
  });

  it('follows symbolic links before deciding where a recording is', async () => {
    expect(await replayMessage('link.sse')).toBe(
      `The recording 'link.sse' is ${join(root, 'outside', 'secret.sse')}, outside the scenario's directory and the directory the run works in; keep recordings under one of them.`,
    );
  });

  it('rejects a recording that does not exist', async () => {
    expect(await replayMessage('missing.sse')).toBe(
      `The recording 'missing.sse' does not exist or cannot be read (looked for ${join(scenarios, 'missing.sse')}).`,
    );
  });

  it('rejects what is not a regular file', async () => {
    expect(await replayMessage('../../fixtures/folder.sse')).toBe(
      "The recording '../../fixtures/folder.sse' is not a regular file.",
    );
  });

  it('rejects a recording larger than 16 MiB', async () => {
    expect(await replayMessage('../../fixtures/huge.sse')).toBe(
      "The recording '../../fixtures/huge.sse' is 16777217 bytes; a recording may be at most 16777216 bytes (16 MiB).",
    );
  });

  it('rejects a file the fake LLM cannot replay', async () => {
    expect(await replayMessage('notes.txt')).toBe(
      "The recording 'notes.txt' is not a recording: the fake LLM replays .sse, .chunks.jsonl, .ndjson (Ollama) and .bin (Bedrock) files.",
    );
  });
});
