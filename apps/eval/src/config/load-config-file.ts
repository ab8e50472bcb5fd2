import type { LeftoverCheck } from '../run/leftover-check.js';
import { readFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import { readYamlDocument } from '@toolloop/mock-mcp/internal';
import { loadModule } from '../agent/load-module.js';
import type { RecordingRedaction } from '../record/redact-recording.js';
import type { ReporterName } from '../report/reporters.js';
import type { ScenarioDefaults } from '../scenario/scenario-defaults.js';
import { ScenarioFileError, type ScenarioIssue } from '../scenario/scenario-file-error.js';
import { toScenarioIssues } from '../scenario/to-scenario-issues.js';
import { configSchema } from './config-schema.js';

/** A config file read and validated, its paths made absolute. */
export interface LoadedConfig {
  /** The config file, absolute. */
  file: string;
  scenarios?: string[];
  reporters?: ReporterName[];
  outDir?: string;
  concurrency?: number;
  /** Each scenario's deadline in milliseconds. */
  scenarioTimeoutMs?: number;
  /** What fails for leaving something running. */
  leftovers?: LeftoverCheck;
  /** What recordings leave out, on top of keys and credential headers. */
  redaction?: RecordingRedaction;
  /** The agent, provider and model for scenarios that do not say. */
  defaults: ScenarioDefaults;
}

/**
 * Reads a config file: `.json` as data, `.ts`/`.mts`/`.js`/`.mjs` as a module whose default export is the
 * config (TypeScript loads with no build step). Paths in it are made absolute against the file's directory.
 * Throws `ScenarioFileError` for a file that cannot be read or is not valid: with line and column in JSON, with
 * the field path alone in a module (a module's value has no positions; a throw while it loads has its line).
 */
export async function loadConfigFile(file: string): Promise<LoadedConfig> {
  const value = extname(file) === '.json' ? await readJson(file) : await readModule(file);
  const parsed = configSchema.safeParse(value.data, { reportInput: true });
  if (!parsed.success) {
    throw new ScenarioFileError(
      toScenarioIssues({ issues: parsed.error.issues, file, locate: value.locate }),
    );
  }
  const config = parsed.data;
  const directory = dirname(file);
  const absolute = (path: string) => resolve(directory, path);
  const defaults: ScenarioDefaults = {};
  if (config.agent !== undefined) defaults.agent = absolute(config.agent);
  if (config.provider !== undefined) defaults.provider = config.provider;
  if (config.wires !== undefined) defaults.wires = config.wires;
  if (config.model !== undefined) defaults.model = config.model;
  if (config.honest !== undefined) defaults.honest = config.honest;
  const loaded: LoadedConfig = { file, defaults };
  if (config.scenarios !== undefined) loaded.scenarios = config.scenarios.map(absolute);
  if (config.reporters !== undefined) loaded.reporters = config.reporters;
  if (config.outDir !== undefined) loaded.outDir = absolute(config.outDir);
  if (config.concurrency !== undefined) loaded.concurrency = config.concurrency;
  if (config.scenarioTimeoutMs !== undefined) loaded.scenarioTimeoutMs = config.scenarioTimeoutMs;
  if (config.leftovers !== undefined) loaded.leftovers = config.leftovers;
  if (config.redact !== undefined) loaded.redaction = config.redact;
  return loaded;
}

type Locate = Parameters<typeof toScenarioIssues>[0]['locate'];

async function readJson(file: string): Promise<{ data: unknown; locate: Locate }> {
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    throw invalid({ file, message: `cannot read the config file: ${(error as Error).message}` });
  });
  const read = readYamlDocument({
    text,
    expected: 'a config: a JSON object such as { "agent": "./agent.ts" }',
  });
  if (!read.success) throw new ScenarioFileError(read.issues.map((issue) => ({ file, ...issue })));
  return { data: read.value, locate: (path, target) => read.locate({ path, target }) };
}

async function readModule(file: string): Promise<{ data: unknown; locate: Locate }> {
  const loaded = await loadModule(file);
  if (!loaded.success) {
    const { location } = loaded;
    const issue: ScenarioIssue = {
      file,
      path: '(root)',
      message: `the config file cannot be loaded: ${loaded.message}`,
    };
    if (location?.file === file) {
      issue.line = location.line;
      if (location.column !== undefined) issue.column = location.column;
    }
    throw new ScenarioFileError([issue]);
  }
  if (loaded.exports.default === undefined) {
    throw invalid({
      file,
      message: 'the config file has no default export; end it with `export default defineConfig({ … })`.',
    });
  }
  return { data: loaded.exports.default, locate: () => undefined };
}

function invalid({ file, message }: { file: string; message: string }): ScenarioFileError {
  return new ScenarioFileError([{ file, path: '(root)', message }]);
}
