import type { RecordingRedaction } from '../record/redact-recording.js';
import type { LiveOptions } from '../record/resolve-live-upstream.js';
import type { ScenarioResult } from '../report/run-report.js';

/** What a worker runs with: the run's options, and its share of the run's concurrency. */
export interface WorkerSettings {
  cwd: string;
  live?: (LiveOptions & { record?: boolean }) | undefined;
  update?: LiveOptions | undefined;
  redaction: RecordingRedaction;
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
  /** The scenarios of one file, to run now. */
  | { type: 'run'; scenarios: WorkerScenario[] }
  /** A bail: start no new scenario. */
  | { type: 'stop' }
  /** No more work: close and exit. */
  | { type: 'close' };

/** From a worker to the main process. */
export type FromWorker =
  | { type: 'start'; index: number }
  | { type: 'end'; index: number; result: ScenarioResult }
  /** The file sent last is done; `notStarted` are the indexes a bail left. Ready for the next one. */
  | { type: 'idle'; notStarted: number[] };
