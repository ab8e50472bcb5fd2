import { fileURLToPath } from 'node:url';
import { configFileNames } from '../config/find-config-file.js';

/** One file `toolloop-eval init` writes: where, relative to the directory it writes into, and what it is. */
export interface InitFile {
  path: string;
  what: string;
  /** Other files that do this file's job: when one of them is there, this file is not written either. */
  alternatives?: readonly string[];
}

/** The files `toolloop-eval init` writes, in the order it reports them. */
export const initFiles: readonly InitFile[] = [
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
 * The directory holding the files' contents, laid out as they are written (two levels above both `src/cli` and
 * `dist/cli`, in the package).
 */
export const initTemplateDirectory = fileURLToPath(new URL('../../templates/init/', import.meta.url));
