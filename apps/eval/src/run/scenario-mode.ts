import type { RecordingRedaction } from '../record/redact-recording.js';
import type { Recording } from '../record/recording.js';
import type { ModelProxy, ProxyUpstream } from '../record/start-model-proxy.js';
import type { ScenarioProvider } from '../scenario/wires.js';

/**
 * Where a scenario's model answers come from: its `llm` script on the fake LLM; its recording, replayed through
 * the fake LLM and mock servers with every request checked against the recorded one; or the real API through
 * the live proxy, recorded beside the scenario file when `record` says so.
 */
export type ScenarioMode =
  | { type: 'scripted' }
  | {
      type: 'replay';
      recording: Recording;
      /** The recording's directory (`recordingDirectoryOf`): its answer files are sent from there. */
      directory: string;
      redaction: RecordingRedaction;
      /**
       * `--update` of a replay whose judges alone drifted: the agent is answered from the recording again, its
       * judges by the real API, and a run that passed writes the recording back with the new judges' exchanges.
       */
      regrade?: LiveModeOptions & { record: RecordModeOptions };
    }
  | ({ type: 'live'; record?: RecordModeOptions } & LiveModeOptions);

/** Where a live run's requests go, and what it must never write. */
export interface LiveModeOptions {
  proxy: ModelProxy;
  upstream: ProxyUpstream;
  /** Values never written anywhere (the run's keys). */
  secrets: readonly string[];
}

/** Where a live run's recording is written, and what of it is redacted. */
export interface RecordModeOptions {
  scenarioFile: string;
  wire?: ScenarioProvider | undefined;
  redaction: RecordingRedaction;
}
