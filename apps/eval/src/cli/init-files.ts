import { fileURLToPath } from 'node:url';
import { configFileNames } from '../config/find-config-file.js';

/** Whether a project's `.ts` and `.js` files are ES modules or CommonJS, as Node.js and TypeScript decide it. */
export type ModuleType = 'module' | 'commonjs';

/** One file `toolloop-eval init` writes: where, relative to the directory it writes into, and what it is. */
export interface InitFile {
  path: string;
  /** Its template, under `initTemplateDirectory`. */
  template: string;
  what: string;
  /** Other files that do this file's job: when one of them is there, this file is not written either. */
  alternatives?: readonly string[];
}

/** The files `toolloop-eval init` writes into an ES module project, in the order it reports them. */
const templates: readonly Omit<InitFile, 'template'>[] = [
  {
    path: 'toolloop.config.ts',
    what: 'the runner config: scenarios in evals/, a JUnit report in reports/',
    // A second config beside the user's would take over from it (the .ts one is looked for first).
    alternatives: configFileNames,
  },
  { path: 'evals/weather-agent.ts', what: 'an example agent (defineAgent) with one local tool, get_weather' },
  { path: 'evals/weather-answers.yaml', what: 'a scenario that passes: the tool runs, the agent answers' },
  {
    path: 'evals/weather-round-cap.yaml',
    what: 'a scenario that expects the agent to stop at its round cap (max_rounds)',
  },
  {
    path: '.github/workflows/toolloop-eval.yml',
    what: 'a GitHub Actions job that runs the suite and uploads reports/junit.xml',
  },
];

/**
 * The files `toolloop-eval init` writes into a project of `moduleType`, in the order it reports them. In a
 * CommonJS project its TypeScript files are `.mts`, which are ES modules in any project: their `import` and
 * `export default` compile there (a `.ts` file would be CommonJS) and run as they are.
 */
export function listInitFiles(moduleType: ModuleType): InitFile[] {
  return templates.map((file) => ({
    ...file,
    template: file.path,
    path: moduleType === 'commonjs' ? file.path.replace(/\.ts$/u, '.mts') : file.path,
  }));
}

/**
 * The directory holding the files' contents, laid out as they are written (two levels above both `src/cli` and
 * `dist/cli`, in the package).
 */
export const initTemplateDirectory = fileURLToPath(new URL('../../templates/init/', import.meta.url));
