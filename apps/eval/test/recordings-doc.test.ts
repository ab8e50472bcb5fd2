import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecording } from '../src/record/read-recording.js';
import type { RecordedModelResponse, Recording } from '../src/record/recording.js';
import { writeRecording } from '../src/record/write-recording.js';

const recordings = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'recordings.md'), 'utf8');

describe('docs/recordings.md', () => {
  it('shows an error.json as writeRecording writes it, and readRecording reads it back', async () => {
    const shown = /leaves `turn-1\/model-1\.error\.json`:\n\n```json\n([\s\S]*?)^```$/mu.exec(
      recordings,
    )?.[1];
    expect(shown).toBeDefined();
    const response = JSON.parse(shown ?? '') as RecordedModelResponse;
    const recording: Recording = {
      version: 1,
      scenario: 'rate limited',
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
      servers: {},
      turns: [
        {
          user: 'Hi',
          models: [{ request: { method: 'POST', path: '/v1/messages', headers: {}, body: {} }, response }],
          toolCalls: [],
        },
      ],
    };
    const directory = await mkdtemp(join(tmpdir(), 'toolloop-recordings-doc-'));
    try {
      const scenarioFile = join(directory, 'limited.yaml');
      await writeFile(scenarioFile, 'name: rate limited\n');
      await writeRecording({ scenarioFile, recording });
      const written = await readFile(join(directory, 'limited.recording/turn-1/model-1.error.json'), 'utf8');
      expect(JSON.parse(written)).toEqual(JSON.parse(shown ?? ''));
      expect(await readRecording(scenarioFile)).toEqual(recording);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
