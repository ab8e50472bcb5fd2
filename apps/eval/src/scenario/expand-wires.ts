import type { LoadedScenario } from './load-scenario-file.js';
import { nameOnWire } from './wires.js';

/**
 * A scenario as it runs: once, or, when it names `wires`, once per wire, each named `name [wire]` and run on that
 * wire's provider with its default model, so that every reporter, filter and shard sees one scenario per wire.
 * Each keeps its `wire`, which says where its recording is (`recordingDirectoryOf`).
 */
export function expandWires<LOADED extends Pick<LoadedScenario, 'scenario'>>(loaded: LOADED): LOADED[] {
  const { wires, ...scenario } = loaded.scenario;
  if (wires === undefined) return [loaded];
  return wires.map((wire) => ({
    ...loaded,
    scenario: { ...scenario, name: nameOnWire(scenario.name, wire), provider: wire, wire },
  }));
}
