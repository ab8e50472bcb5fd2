import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findScenarioFiles } from './find-scenario-files.js';
import { ScenarioFileError } from './scenario-file-error.js';

// suite/refund.yaml with its recording (refund.recording/), one a killed `record` left half-written
// (refund.recording.writing-4242-0a1b2c3d/) and the one it had moved aside (refund.recording.replaced-4242-…/);
// suite/nested/order.yml and the mock server spec beside it
// (nested/contacts.mcp.yaml); suite/data.json, a scenario written as JSON, and its recording; only-others/
// holding nothing but a spec and a recording; twins/ holding pairs of scenarios that would share a recording
// (refund.yaml and refund.yml, data.json and data.json.yaml).
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolloop-find-scenarios-'));
  const files: Record<string, string> = {
    'suite/refund.yaml': 'name: refund\n',
    'suite/refund.recording/recording.json': '{}',
    'suite/refund.recording/turn-1/model-1.request.json': '{}',
    'suite/refund.recording.writing-4242-0a1b2c3d/recording.json': '{}',
    'suite/refund.recording.writing-4242-0a1b2c3d/turn-1/model-1.request.json': '{}',
    'suite/refund.recording.replaced-4242-4e5f6a7b/turn-1/model-1.request.json': '{}',
    // A wire's recording, and one a killed `record` of that wire left half-written, inside the scenario's.
    'suite/refund.recording/gemini/recording.json': '{}',
    'suite/refund.recording/gemini/turn-1/model-1.request.json': '{}',
    'suite/refund.recording/gemini.writing-4242-0a1b2c3d/turn-1/model-1.request.json': '{}',
    'suite/nested/order.yml': 'name: order\n',
    'suite/nested/contacts.mcp.yaml': 'tools: []\n',
    'suite/nested/billing.mcp.json': '{ "tools": [] }',
    'suite/data.json': '{ "name": "data" }',
    'suite/data.json.recording/recording.json': '{}',
    'only-others/contacts.mcp.yml': 'tools: []\n',
    'only-others/old.recording/recording.json': '{}',
    'misnamed/refund.yaml': 'name: refund\n',
    'twins/refund.yaml': 'name: refund\n',
    'twins/refund.yml': 'name: refund again\n',
    'twins/data.json': '{ "name": "data" }',
    'twins/data.json.yaml': 'name: data again\n',
    'misnamed/order.mcp.yaml': 'name: order\nturns: []\n',
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('findScenarioFiles', () => {
  it('leaves recordings, and recordings left half-written, out of a directory', async () => {
    const files = await findScenarioFiles({ patterns: ['suite'], cwd: root });
    expect(files.filter((file) => file.includes('.recording'))).toEqual([]);
  });

  it('leaves mock server specs (*.mcp.yaml, *.mcp.yml, *.mcp.json) out of a directory', async () => {
    expect(await findScenarioFiles({ patterns: ['suite'], cwd: root })).toEqual([
      'suite/data.json',
      'suite/nested/order.yml',
      'suite/refund.yaml',
    ]);
  });

  it('leaves recordings and specs out of what a glob matches too', async () => {
    expect(await findScenarioFiles({ patterns: ['suite/**/*.json'], cwd: root })).toEqual([
      'suite/data.json',
    ]);
    expect(await findScenarioFiles({ patterns: ['suite/**/*.yaml'], cwd: root })).toEqual([
      'suite/refund.yaml',
    ]);
  });

  it('reads a file named on its own whatever its name', async () => {
    expect(
      await findScenarioFiles({
        patterns: ['suite/nested/contacts.mcp.yaml', 'suite/refund.recording/recording.json'],
        cwd: root,
      }),
    ).toEqual(['suite/nested/contacts.mcp.yaml', 'suite/refund.recording/recording.json']);
  });

  it('checks a spec it leaves out as a spec: a scenario named like one is an error, not skipped', async () => {
    const error = await findScenarioFiles({ patterns: ['misnamed'], cwd: root }).catch(
      (caught: unknown) => caught,
    );
    const readAsSpec = '(read as a mock MCP server spec: its name ends in .mcp.yaml, .mcp.yml or .mcp.json)';
    expect(ScenarioFileError.isInstance(error) && error.issues).toEqual([
      {
        file: 'misnamed/order.mcp.yaml',
        line: 1,
        column: 1,
        path: 'tools',
        message: `Invalid input: expected array, received undefined ${readAsSpec}`,
      },
      {
        file: 'misnamed/order.mcp.yaml',
        line: 1,
        column: 1,
        path: 'name',
        message: `Unknown field 'name'. ${readAsSpec}`,
      },
      {
        file: 'misnamed/order.mcp.yaml',
        line: 2,
        column: 1,
        path: 'turns',
        message: `Unknown field 'turns'. ${readAsSpec}`,
      },
    ]);
  });

  it('says what it left out of a directory that holds no scenario', async () => {
    const error = await findScenarioFiles({ patterns: ['only-others'], cwd: root }).catch(
      (caught: unknown) => caught,
    );
    expect(ScenarioFileError.isInstance(error) && error.issues).toEqual([
      {
        file: 'only-others',
        path: '(root)',
        message: `the directory ${join(root, 'only-others')} holds no scenario file (.yaml, .yml or .json); recordings (name.recording/) and mock server specs (name.mcp.yaml) are not scenarios.`,
      },
    ]);
  });

  it('refuses two scenarios that would share one recording, naming both', async () => {
    const error = await findScenarioFiles({ patterns: ['twins'], cwd: root }).catch(
      (caught: unknown) => caught,
    );
    expect(ScenarioFileError.isInstance(error) && error.issues).toEqual([
      {
        file: 'twins/data.json.yaml',
        path: '(root)',
        message:
          'its recording would be twins/data.json.recording/, the recording of twins/data.json too: rename one of the two files.',
      },
      {
        file: 'twins/refund.yml',
        path: '(root)',
        message:
          'its recording would be twins/refund.recording/, the recording of twins/refund.yaml too: rename one of the two files.',
      },
    ]);
  });

  it('refuses them named one by one too', async () => {
    const error = await findScenarioFiles({
      patterns: ['twins/refund.yml', 'twins/refund.yaml'],
      cwd: root,
    }).catch((caught: unknown) => caught);
    expect(ScenarioFileError.isInstance(error) && error.message).toBe(
      'twins/refund.yml (root): its recording would be twins/refund.recording/, the recording of twins/refund.yaml too: rename one of the two files.',
    );
  });
});
