import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingLookup, hasRecording, recordingIndexFile } from './recording-directory.js';

let directory = '';
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-recording-lookup-'));
  // recorded.yaml has a recording; index-missing.yaml a recording directory without its index; a-file.yaml a
  // file where the directory would be; plain.yaml nothing.
  await mkdir(join(directory, 'recorded.recording'));
  await writeFile(join(directory, 'recorded.recording', recordingIndexFile), '{}');
  await mkdir(join(directory, 'index-missing.recording'));
  await writeFile(join(directory, 'a-file.recording'), '');
  await mkdir(join(directory, 'nested'));
  await mkdir(join(directory, 'nested', 'deep.recording'));
  await writeFile(join(directory, 'nested', 'deep.recording', recordingIndexFile), '{}');
});
afterAll(() => rm(directory, { recursive: true, force: true }));

describe('createRecordingLookup', () => {
  const cases = [
    'recorded.yaml',
    'index-missing.yaml',
    'a-file.yaml',
    'plain.yaml',
    'nested/deep.yml',
    'nested/plain.yaml',
    'no-such-directory/x.yaml',
  ];

  it('finds the recordings hasRecording finds, and no others', async () => {
    const lookup = createRecordingLookup();
    const found = await Promise.all(cases.map((file) => lookup(join(directory, file))));
    const expected = await Promise.all(cases.map((file) => hasRecording(join(directory, file))));
    expect(found).toEqual(expected);
    expect(found).toEqual([true, false, false, false, true, false, false]);
  });

  it('lists a directory once: a recording added after the listing is not seen by the same lookup', async () => {
    const lookup = createRecordingLookup();
    expect(await lookup(join(directory, 'later.yaml'))).toBe(false);
    await mkdir(join(directory, 'later.recording'));
    await writeFile(join(directory, 'later.recording', recordingIndexFile), '{}');
    expect(await lookup(join(directory, 'later.yaml'))).toBe(false);
    expect(await createRecordingLookup()(join(directory, 'later.yaml'))).toBe(true);
  });
});
