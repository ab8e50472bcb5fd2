import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

// The project under test/, so that its agent resolves @toolloop/eval as a user's project would; the stranger's
// module in the system's temporary directory, outside it.
const outputDirectory = join(import.meta.dirname, 'output');
let project: string;
let elsewhere: string;

/** An agent module that leaves a file beside itself when it runs: the proof that it was executed. */
const agentThatLeavesATrace = (trace: string) =>
  `import { writeFileSync } from 'node:fs';\nimport { defineAgent } from '@toolloop/eval';\nwriteFileSync(${JSON.stringify(trace)}, 'ran');\nexport default defineAgent({ system: 'You help.' });\n`;

const scenario = (agent: string) =>
  `name: uses ${agent}\nagent: ${agent}\nturns:\n  - user: Hi\n    llm:\n      - text: Hello.\n`;

beforeEach(async () => {
  project = await mkdtemp(join(outputDirectory, 'project-'));
  elsewhere = await mkdtemp(join(tmpdir(), 'elsewhere-'));
  await mkdir(join(project, 'scenarios'));
});

afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(elsewhere, { recursive: true, force: true });
});

describe('validate and list, with an agent module outside the project', () => {
  it.each(['validate', 'list'])(
    '%s does not run it, and says so, naming the module and the scenario',
    async (command) => {
      await writeFile(join(elsewhere, 'agent.ts'), agentThatLeavesATrace(join(elsewhere, 'ran')));
      await writeFile(join(project, 'scenarios/a.yaml'), scenario(join(elsewhere, 'agent.ts')));

      const { exitCode, stderr } = await runCli(project, command, 'scenarios/');

      expect(await readdir(elsewhere)).toEqual(['agent.ts']);
      expect(exitCode).toBe(0);
      expect(stderr).toBe(
        `Not loaded: ${join(elsewhere, 'agent.ts')}, the agent of scenarios/a.yaml, is outside the project (the working directory, the scenario's directory and the config file's); ${command} runs no code from outside it, so the agent's tools and options were not checked. \`toolloop-eval run\` loads it.\n`,
      );
    },
  );

  it('validate loads an agent inside the project, as it always did', async () => {
    await writeFile(join(project, 'agent.ts'), agentThatLeavesATrace(join(project, 'ran')));
    await writeFile(join(project, 'scenarios/a.yaml'), scenario('../agent.ts'));

    const { exitCode, stdout, stderr } = await runCli(project, 'validate', 'scenarios/');

    expect({ exitCode, stdout, stderr }).toEqual({
      exitCode: 0,
      stdout: '1 scenario file valid.\n',
      stderr: '',
    });
    expect((await readdir(project)).sort()).toEqual(['agent.ts', 'ran', 'scenarios']);
  });
});
