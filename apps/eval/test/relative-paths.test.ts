import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenarios } from '../src/run/run-scenarios.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const scenario = join(fixtures, 'relative-server/uses-a-command-server.yaml');

describe("a command server's relative paths", () => {
  it.each([
    ['the fixtures directory', fixtures],
    ["the scenario's own directory", join(fixtures, 'relative-server')],
    ['a directory elsewhere', tmpdir()],
  ])(
    "resolve from the scenario file's directory, whatever the working directory (%s)",
    async (_name, cwd) => {
      const { report } = await runScenarios({ paths: [scenario], cwd });

      expect(report.scenarios[0]).toMatchObject({ status: 'passed', failures: [] });
    },
  );
});
