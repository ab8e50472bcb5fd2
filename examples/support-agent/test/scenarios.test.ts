import { join } from 'node:path';
import { loadConfigFile } from '@toolloop/eval';
import { describeScenarios } from '@toolloop/eval/vitest';

// The suite as vitest tests, with what toolloop.config.ts says: its scenario paths and its agent, src/agent.ts.
// `vitest -t refund` runs the refund scenarios; a failure shows the same diff as `toolloop-eval run`.
const projectDirectory = join(import.meta.dirname, '..');
const config = await loadConfigFile(join(projectDirectory, 'toolloop.config.ts'));

describeScenarios(config.scenarios ?? ['scenarios/'], {
  cwd: projectDirectory,
  name: 'support agent scenarios',
  defaults: config.defaults,
});
