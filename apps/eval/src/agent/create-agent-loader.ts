import { readFile, stat } from 'node:fs/promises';
import type { ScenarioIssue } from '../scenario/scenario-file-error.js';
import { isAgent, type Agent } from './define-agent.js';
import { loadModule } from './load-module.js';
import { toDisplayPath } from './to-display-path.js';

/** An agent module read, or the problem with it (located in the module where possible). */
export type LoadAgentResult =
  { success: true; agent: Agent } | { success: false; missing: boolean; issue: ScenarioIssue };

/** Loads agent modules by absolute path, each once however many scenarios name it. */
export interface AgentLoader {
  load(file: string): Promise<LoadAgentResult>;
}

/**
 * An agent loader for one run. A module that does not exist, fails to load (a syntax error, a throw at its top
 * level) or whose default export is not made by `defineAgent` is an issue naming the module's file and, where
 * the error has it, its line; file paths are shown relative to `cwd`.
 */
export function createAgentLoader({ cwd }: { cwd: string }): AgentLoader {
  const loads = new Map<string, Promise<LoadAgentResult>>();
  return {
    load(file) {
      let load = loads.get(file);
      if (load === undefined) {
        load = loadAgent({ file, cwd });
        loads.set(file, load);
      }
      return load;
    },
  };
}

async function loadAgent({ file, cwd }: { file: string; cwd: string }): Promise<LoadAgentResult> {
  const shown = toDisplayPath({ file, cwd });
  const failure = (message: string, line?: number, column?: number): LoadAgentResult => ({
    success: false,
    missing: false,
    issue: {
      file: shown,
      path: '(agent module)',
      message,
      ...(line === undefined ? {} : { line }),
      ...(column === undefined ? {} : { column }),
    },
  });
  const isFile = await stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
  if (!isFile) {
    return {
      success: false,
      missing: true,
      issue: { file: shown, path: '(agent module)', message: `no agent module here (looked for ${file}).` },
    };
  }
  const loaded = await loadModule(file);
  if (!loaded.success) {
    const { location } = loaded;
    const message = `the agent module cannot be loaded: ${loaded.message}`;
    if (location === undefined) return failure(message);
    if (location.file === file) return failure(message, location.line, location.column);
    const where = `${toDisplayPath({ file: location.file, cwd })}:${location.line}`;
    return failure(`${message} (at ${where})`);
  }
  const candidate = loaded.exports.default;
  if (isAgent(candidate)) return { success: true, agent: candidate };
  const line = await findDefaultExportLine(file);
  return failure(
    candidate === undefined
      ? "the agent module has no default export; end it with `export default defineAgent({ … })` (defineAgent from '@toolloop/eval')."
      : "the agent module's default export is not an agent; export the value of `defineAgent({ … })` from '@toolloop/eval'.",
    line,
  );
}

async function findDefaultExportLine(file: string): Promise<number | undefined> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const index = text.split('\n').findIndex((line) => /^\s*export\s+default\b/u.test(line));
  return index === -1 ? undefined : index + 1;
}
