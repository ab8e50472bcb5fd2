import { toScenarioProvider, type ScenarioProvider } from './wires.js';

/** What a config file sets for the scenarios that do not say: the agent under test, provider (or wires) and model. */
export interface ScenarioDefaults {
  /** The agent module for scenarios that name none: absolute, or relative to the run's directory. */
  agent?: string;
  /** The provider of scenarios that name neither a provider nor wires. */
  provider?: ScenarioProvider;
  /** The wires each scenario that names no provider, wires or model runs on (instead of `provider`). */
  wires?: 'all' | ScenarioProvider[];
  /** The model of scenarios that name none and run on the default provider (`provider`, else `anthropic`). */
  model?: string;
  /** `expect.honest` of every turn that does not say. */
  honest?: boolean;
}

/**
 * A scenario file's parsed value with the defaults filled in where it has no `provider` or `model`, before it is
 * validated (the schema's own default provider would hide that the file names none).
 */
export function applyScenarioDefaults(value: unknown, defaults: ScenarioDefaults): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const filled: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (filled.provider === undefined && filled.wires === undefined) {
    // A scenario that names its model runs on one provider: the config's wires are for those that name none.
    if (defaults.wires !== undefined)
      return filled.model === undefined ? { ...filled, wires: defaults.wires } : filled;
    if (defaults.provider !== undefined) filled.provider = defaults.provider;
  }
  const provider = toScenarioProvider(filled.provider ?? 'anthropic');
  if (
    filled.model === undefined &&
    filled.wires === undefined &&
    defaults.wires === undefined &&
    defaults.model !== undefined &&
    provider === (defaults.provider ?? 'anthropic')
  )
    filled.model = defaults.model;
  if (defaults.honest !== undefined && Array.isArray(filled.turns)) {
    filled.turns = filled.turns.map((turn: unknown) => withHonestDefault(turn, defaults.honest === true));
  }
  return filled;
}

/** A turn given `expect.honest` when it does not say (a value that is not a turn is left for the schema to name). */
function withHonestDefault(turn: unknown, honest: boolean): unknown {
  if (typeof turn !== 'object' || turn === null || Array.isArray(turn)) return turn;
  const { expect } = turn as { expect?: unknown };
  if (expect === undefined) return { ...turn, expect: { honest } };
  if (typeof expect !== 'object' || expect === null || Array.isArray(expect)) return turn;
  return 'honest' in expect ? turn : { ...turn, expect: { ...expect, honest } };
}
