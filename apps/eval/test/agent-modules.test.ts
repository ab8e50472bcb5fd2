import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli as runCliIn } from './support/run-cli.js';

// Under test/, so that modules written here resolve @toolloop/core and zod as a user's project would.
const outputDirectory = join(import.meta.dirname, 'output');
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(outputDirectory, 'agent-modules-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
  process.exitCode = undefined;
});

async function write(files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) await writeFile(join(directory, name), text);
}

function runCli(...args: string[]) {
  return runCliIn(directory, ...args);
}

const scenario = (agent: string, extra = '') =>
  `name: uses ${agent}\nagent: ${agent}\n${extra}turns:\n  - user: Hi\n    llm:\n      - text: Hello.\n`;

describe('agent modules that cannot be used: exit code 2, with the module and its line', () => {
  it('a syntax error names the file, line and column', async () => {
    await write({
      'broken.ts':
        "import { defineAgent } from '@toolloop/eval';\nexport default defineAgent({ system: 'x', ;\n",
      'a.yaml': scenario('./broken.ts'),
    });

    const { exitCode, stderr } = await runCli('run', 'a.yaml');

    expect(exitCode).toBe(2);
    expect(stderr).toMatch(
      /^broken\.ts:2:\d+ \(agent module\): the agent module cannot be loaded: .*Unexpected token/m,
    );
    expect(stderr).not.toMatch(/jiti/);
  });

  it("a throw at the module's top level names the user's line, not the loader's", async () => {
    await write({
      'throwing.ts': [
        "import { defineAgent } from '@toolloop/eval';",
        'interface Settings { region: string }',
        'function readSettings(): Settings {',
        "  throw new Error('SUPPORT_REGION is not set');",
        '}',
        'export default defineAgent({ system: `Region: ${readSettings().region}` });',
      ].join('\n'),
      'a.yaml': scenario('./throwing.ts'),
    });

    const { exitCode, stderr } = await runCli('validate', 'a.yaml');

    expect(exitCode).toBe(2);
    expect(stderr).toBe(
      'Invalid scenario input:\nthrowing.ts:4 (agent module): the agent module cannot be loaded: Error: SUPPORT_REGION is not set\n',
    );
  });

  it("defineAgent's own complaint points at the user's call", async () => {
    await write({
      'mixed.ts': [
        "import { defineAgent } from '@toolloop/eval';",
        '',
        "export default defineAgent({ run: () => { throw new Error('unused'); }, loop: { maxRounds: 1 } } as never);",
      ].join('\n'),
      'a.yaml': scenario('./mixed.ts'),
    });

    const { stderr } = await runCli('validate', 'a.yaml');

    expect(stderr).toContain(
      "mixed.ts:3 (agent module): the agent module cannot be loaded: InvalidArgumentError: Invalid option 'loop': defineAgent takes no 'loop' beside 'run': the full form builds its own loop: set them inside run.",
    );
  });

  it('a misspelt loop option is refused when the module loads, with its line and the nearest name', async () => {
    await write({
      'typo.ts': [
        "import { defineAgent } from '@toolloop/eval';",
        '',
        'export default defineAgent({ loop: { maxRound: 3 } } as never);',
      ].join('\n'),
      'a.yaml': scenario('./typo.ts'),
    });

    const { exitCode, stderr } = await runCli('validate', 'a.yaml');

    expect(exitCode).toBe(2);
    expect(stderr).toContain(
      "typo.ts:3 (agent module): the agent module cannot be loaded: InvalidArgumentError: Invalid option 'loop.maxRound': unknown option; did you mean 'loop.maxRounds'?",
    );
  });

  it('a default export that is not an agent names the line of the export', async () => {
    await write({
      'plain.ts': "const agent = { system: 'x' };\n\nexport default agent;\n",
      'none.ts': 'export const agent = 1;\n',
      'a.yaml': scenario('./plain.ts'),
      'b.yaml': scenario('./none.ts'),
    });

    const { exitCode, stderr } = await runCli('validate', '.');

    expect(exitCode).toBe(2);
    expect(stderr).toContain(
      "plain.ts:3 (agent module): the agent module's default export is not an agent; export the value of `defineAgent({ … })` from '@toolloop/eval'.",
    );
    expect(stderr).toContain(
      "none.ts (agent module): the agent module has no default export; end it with `export default defineAgent({ … })` (defineAgent from '@toolloop/eval').",
    );
  });

  it('a module that does not exist is reported at the scenario field that names it', async () => {
    await write({ 'a.yaml': scenario('./missing-agent.ts') });

    const { exitCode, stderr } = await runCli('run', 'a.yaml');

    expect(exitCode).toBe(2);
    expect(stderr).toBe(
      `Invalid scenario input:\na.yaml:2:8 agent: no agent module here (looked for ${join(directory, 'missing-agent.ts')}).\n`,
    );
  });

  it('a module that several scenarios run is reported once', async () => {
    await write({
      'throwing.ts': "throw new Error('nope');\n",
      'a.yaml': scenario('./throwing.ts'),
      'b.yaml': scenario('./throwing.ts').replace('name: uses', 'name: also uses'),
    });

    const { stderr } = await runCli('run', '.');

    expect(stderr.match(/throwing\.ts:1/g)).toHaveLength(1);
  });
});

describe('scenarios checked against their agent', () => {
  const agent = [
    "import { defineTool } from '@toolloop/core';",
    "import { defineAgent } from '@toolloop/eval';",
    "import { z } from 'zod';",
    "const lookup = defineTool({ name: 'lookup', inputSchema: z.object({}), execute: () => 'found' });",
    'export default defineAgent({ tools: [lookup] });',
  ].join('\n');

  it('a mockTools name the agent does not define is invalid, at its key, listing the local tools', async () => {
    await write({
      'agent.ts': agent,
      'a.yaml': scenario(
        './agent.ts',
        'mockTools:\n  lookup: { responses: [{ text: ok }] }\n  lokup: { responses: [{ text: ok }] }\n',
      ),
    });

    const { exitCode, stderr } = await runCli('run', 'a.yaml');

    expect(exitCode).toBe(2);
    expect(stderr).toBe(
      "Invalid scenario input:\na.yaml:5:3 mockTools.lokup: the agent has no local tool named 'lokup'; its local tools: lookup\n",
    );
  });

  it('an agent scenario may not configure the loop the agent owns', async () => {
    await write({
      'agent.ts': agent,
      'a.yaml': scenario('./agent.ts', 'system: Be brief.\nloop: { maxRounds: 2 }\n'),
    });

    const { stderr } = await runCli('run', 'a.yaml');

    expect(stderr).toBe(
      [
        'Invalid scenario input:',
        'a.yaml:3:9 system: the agent sets its own system prompt; remove `system` (or `agent`)',
        'a.yaml:4:7 loop: the agent sets its own loop options; remove `loop` (or `agent`)',
        '',
      ].join('\n'),
    );
  });

  it('mockTools without an agent is invalid', async () => {
    await write({
      'a.yaml':
        'name: no agent\nmockTools:\n  lookup: { responses: [{ text: ok }] }\nturns:\n  - user: Hi\n    llm: [{ text: Hello. }]\n',
    });

    const { stderr } = await runCli('run', 'a.yaml');

    expect(stderr).toContain('a.yaml:2:1 mockTools: mockTools replaces local tools of an agent');
  });
});
