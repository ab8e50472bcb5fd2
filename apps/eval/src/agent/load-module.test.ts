import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as core from '@toolloop/core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import * as evalRunner from '../index.js';
import { loadModule } from './load-module.js';

// Under test/, so that the module resolves packages as a user's project would.
const outputDirectory = join(import.meta.dirname, '..', '..', 'test', 'output');
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(outputDirectory, 'load-module-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

it("gives a module the runner's own @toolloop/eval and @toolloop/core, so its loop is the one the runner checks", async () => {
  const file = join(directory, 'agent.ts');
  await writeFile(
    file,
    "export { runToolLoop, defineTool } from '@toolloop/core';\nexport { defineAgent } from '@toolloop/eval';\n",
  );
  const loaded = await loadModule(file);

  expect(loaded.success).toBe(true);
  const exports = loaded.success ? loaded.exports : {};
  expect(exports.runToolLoop).toBe(core.runToolLoop);
  expect(exports.defineTool).toBe(core.defineTool);
  expect(exports.defineAgent).toBe(evalRunner.defineAgent);
});

it('gives up on a module whose top level waits for what never comes, saying so, instead of hanging the run', async () => {
  const file = join(directory, 'stuck.ts');
  await writeFile(file, 'await new Promise(() => {});\nexport default 1;\n');

  expect(await loadModule(file, { timeoutMs: 200 })).toEqual({
    success: false,
    message:
      'the module did not finish loading within 0.2 s: its top level waits for something that never comes (an await that never settles?)',
    location: undefined,
  });
});
