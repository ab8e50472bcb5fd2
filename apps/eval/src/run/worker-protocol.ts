import type { LeftoverCheck } from './leftover-check.js';
import type { RecordingRedaction } from '../record/redact-recording.js';
import type { LiveOptions } from '../record/resolve-live-upstream.js';
import type { ScenarioResult } from '../report/run-report.js';
import type { ScenarioDefaults } from '../scenario/scenario-defaults.js';
import type { ScenarioIssue } from '../scenario/scenario-file-error.js';
import type { SelectableScenario } from '../scenario/select-scenarios.js';

/** What a worker runs with: the run's options, and its share of the run's concurrency. */
export interface WorkerSettings {
  cwd: string;
  live?: (LiveOptions & { record?: boolean }) | undefined;
  update?: LiveOptions | undefined;
  redaction: RecordingRedaction;
  /** Each scenario's deadline; default: its turns' own (`scenarioDeadlineMs`). */
  scenarioTimeoutMs?: number | undefined;
  /** Fail a scenario that leaves something running after it ends, naming it. */
  leftovers?: LeftoverCheck | undefined;
  /** How far up its scale a judge with no threshold must score (`--min-score`). */
  minScore?: number | undefined;
  repeat: number;
  minPassRate: number;
  bail: boolean;
  concurrency: number;
}

/** A scenario sent to a worker: its place in the selection, its file, its agent module and its packed form. */
export interface WorkerScenario {
  index: number;
  file: string;
  agentFile?: string;
  bytes: Uint8Array;
}

/** From the main process to a worker. */
export type ToWorker =
  | { type: 'init'; settings: WorkerSettings }
  /** Read and validate these files (relative to the run's directory). */
  | { type: 'load'; files: readonly string[]; defaults: ScenarioDefaults }
  /** The scenarios of one file, to run now. */
  | { type: 'run'; scenarios: WorkerScenario[] }
  /** A bail: start no new scenario. */
  | { type: 'stop' }
  /** No more work: close and exit. */
  | { type: 'close' };

/** What reading one scenario file came to in a worker. */
export type LoadOutcome =
  | {
      type: 'loaded';
      file: string;
      /** What choosing the scenario reads of it, so the main process unpacks nothing. */
      selectable: SelectableScenario['scenario'];
      bytes: Uint8Array;
      agentFile?: string;
    }
  /** The file's problems, as `ScenarioFileError` lists them. */
  | { type: 'invalid'; file: string; issues: ScenarioIssue[] }
  /** Something else went wrong: a bug, not the file. */
  | { type: 'failed'; file: string; message: string; stack?: string };

/** From a worker to the main process. */
export type FromWorker =
  | { type: 'loaded'; outcomes: LoadOutcome[] }
  | { type: 'start'; index: number; name: string; file: string }
  | { type: 'end'; index: number; result: ScenarioResult }
  /** A run failed (sent with bail only): the other workers stop starting scenarios. */
  | { type: 'run-failed' }
  /** The file sent last is done; `notStarted` are the indexes a bail left. Ready for the next one. */
  | { type: 'idle'; notStarted: number[] };
