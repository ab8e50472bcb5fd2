import { deserialize, serialize } from 'node:v8';
import type { LoadedAgent } from '../scenario/check-scenario-agent.js';
import type { LoadedScenario } from '../scenario/load-scenario-file.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import type { SelectableScenario } from '../scenario/select-scenarios.js';
import type { LoadOutcome } from './worker-protocol.js';

/**
 * A loaded scenario held as bytes until it runs. A parsed scenario weighs several times its serialized form
 * (and its strings keep the whole file's text alive): a run of 10,000 holds them all from the start, so this is
 * most of what its memory grows with.
 */
export interface PackedScenario {
  file: string;
  agent?: LoadedAgent;
  /** The agent module's path: what a worker process loads (`agent` stays in the process that loaded it). */
  agentFile?: string;
  bytes: Buffer;
}

/**
 * Packs a loaded scenario; `unpackScenario` gives back an equal one. `bytes`, when given, are the scenario
 * already packed (by the worker process that read it).
 */
export function packScenario({
  file,
  agent,
  agentFile = agent?.file,
  scenario,
  bytes = serialize(scenario),
}: LoadedScenario & { agentFile?: string | undefined; bytes?: Buffer | undefined }): PackedScenario {
  return {
    file,
    bytes,
    ...(agent === undefined ? {} : { agent }),
    ...(agentFile === undefined ? {} : { agentFile }),
  };
}

/**
 * A scenario a worker process read and packed, as the main process keeps it: its bytes as they came over the
 * channel (a view, not a copy), and the agent module's path for the worker that runs it.
 */
export function packLoadOutcome({
  file,
  bytes,
  agentFile,
}: Extract<LoadOutcome, { type: 'loaded' }>): PackedScenario {
  return {
    file,
    bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    ...(agentFile === undefined ? {} : { agentFile }),
  };
}

/** The scenario `packScenario` packed, as a fresh object. */
export function unpackScenario({ file, agent, bytes }: PackedScenario): LoadedScenario {
  const scenario = deserialize(bytes) as Scenario;
  return agent === undefined ? { file, scenario } : { file, scenario, agent };
}

/**
 * A scenario packed as soon as its file is read, with what choosing it reads (`SelectableScenario`) kept apart:
 * a run of thousands of files never holds their parsed forms all at once.
 */
export interface FoundScenario extends SelectableScenario {
  packed: PackedScenario;
}

/** What choosing `scenario` reads of it, and nothing more. */
export function toSelectable(scenario: SelectableScenario['scenario']): SelectableScenario['scenario'] {
  const { name, tags, skip, only } = scenario;
  return {
    name,
    ...(tags === undefined ? {} : { tags }),
    ...(skip === undefined ? {} : { skip }),
    ...(only === undefined ? {} : { only }),
  };
}
