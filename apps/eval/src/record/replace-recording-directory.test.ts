import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRecording } from './read-recording.js';
import type { Recording } from './recording.js';
import { replaceRecordingDirectory, type ReplacementStep } from './replace-recording-directory.js';
import { saveLiveRecording } from './save-live-recording.js';
import { buildRecording } from './test-support/build-recording.js';
import { writeRecording } from './write-recording.js';

const older = buildRecording({ answer: 'data: the older recording\n\n' });
const newer = buildRecording({ answer: 'data: the newer recording\n\n' });

let root: string;
let project: string;
const scenarioFile = () => join(project, 'refund.yaml');
const directory = () => join(project, 'refund.recording');

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolloop-replace-recording-')));
  project = join(root, 'project');
  await mkdir(project);
  await writeFile(scenarioFile(), 'name: refund\n');
  await writeRecording({ scenarioFile: scenarioFile(), recording: older });
});

afterEach(() => rm(root, { recursive: true, force: true }));

/** A complete recording written elsewhere and moved beside the scenario under a write's staging name. */
async function stage(recording: Recording): Promise<string> {
  const source = await mkdtemp(join(root, 'source-'));
  await writeFile(join(source, 'refund.yaml'), 'name: refund\n');
  await writeRecording({ scenarioFile: join(source, 'refund.yaml'), recording });
  const staging = join(project, `refund.recording.writing-${process.pid}-${randomBytes(4).toString('hex')}`);
  await rename(join(source, 'refund.recording'), staging);
  return staging;
}

describe('replaceRecordingDirectory', () => {
  it('leaves, whichever step a process is stopped after, a complete recording, old or new, that the next record keeps', async () => {
    const replacement = await stage(newer);
    const steps: ReplacementStep[] = [];
    // What the project holds after each step, as a process killed right then would leave it.
    const copies: string[] = [];
    await replaceRecordingDirectory({
      directory: directory(),
      replacement,
      onStep: async (step) => {
        steps.push(step);
        const copy = join(root, `stopped-after-${steps.length}`);
        await cp(project, copy, { recursive: true });
        copies.push(copy);
      },
    });

    for (const copy of copies) {
      // The next record of the scenario, whose live run failed: it keeps the recording it finds.
      expect(
        await saveLiveRecording({
          scenarioFile: join(copy, 'refund.yaml'),
          cwd: copy,
          redaction: {},
          secrets: [],
        }),
      ).toEqual({ type: 'kept', directory: 'refund.recording', previous: true });
      expect([older, newer]).toContainEqual(await readRecording(join(copy, 'refund.yaml')));
      expect((await readdir(copy)).filter((name) => name.includes('.replaced-'))).toEqual([]);
    }
    expect(steps).toEqual(['old-aside', 'new-in-place', 'old-removed']);
    expect(await readRecording(scenarioFile())).toEqual(newer);
  });

  it('moves aside, too, a recording another process puts in place between its two renames, and leaves nothing beside its own', async () => {
    const replacement = await stage(newer);
    const another = await stage(buildRecording({ answer: "data: another process's recording\n\n" }));
    const steps: ReplacementStep[] = [];
    await replaceRecordingDirectory({
      directory: directory(),
      replacement,
      onStep: async (step) => {
        steps.push(step);
        if (steps.length === 1) await rename(another, directory());
      },
    });
    expect(steps).toEqual(['old-aside', 'old-aside', 'new-in-place', 'old-removed']);
    expect(await readRecording(scenarioFile())).toEqual(newer);
    expect((await readdir(project)).sort()).toEqual(['refund.recording', 'refund.yaml']);
  });

  it('removes what the writes of a process that is gone left beside the recording', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    for (const purpose of ['writing', 'replaced'])
      await mkdir(join(project, `refund.recording.${purpose}-${gone}-00ff00ff`, 'turn-1'), {
        recursive: true,
      });
    await replaceRecordingDirectory({ directory: directory(), replacement: await stage(newer) });
    expect((await readdir(project)).sort()).toEqual(['refund.recording', 'refund.yaml']);
  });

  it('leaves alone the recording a running process is writing', async () => {
    // The test runner's parent process runs while this test does.
    const writing = `refund.recording.writing-${process.ppid}-00ff00ff`;
    await mkdir(join(project, writing));
    await replaceRecordingDirectory({ directory: directory(), replacement: await stage(newer) });
    expect((await readdir(project)).sort()).toEqual(['refund.recording', writing, 'refund.yaml']);
  });

  it("puts right what a stopped write of a wire's recording left, inside the scenario's directory, and touches nothing else", async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const wires = join(project, 'refund.recording');
    // A write of the gemini recording stopped after moving the old one aside, and before putting the new one in.
    await writeRecording({ scenarioFile: scenarioFile(), wire: 'gemini', recording: older });
    await rename(join(wires, 'gemini'), join(wires, `gemini.replaced-${gone}-00ff00ff`));
    await mkdir(join(wires, `gemini.writing-${gone}-00ff00ff`, 'turn-1'), { recursive: true });

    expect(
      await saveLiveRecording({
        scenarioFile: scenarioFile(),
        wire: 'gemini',
        cwd: project,
        redaction: {},
        secrets: [],
      }),
    ).toEqual({ type: 'kept', directory: 'refund.recording/gemini', wire: 'gemini', previous: true });
    expect(await readRecording(scenarioFile(), { wire: 'gemini' })).toEqual(older);
    expect((await readdir(wires)).sort()).toEqual(['gemini', 'recording.json', 'turn-1']);
    expect(await readRecording(scenarioFile())).toEqual(older);
  });
});
