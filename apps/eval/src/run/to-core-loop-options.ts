import type { ToolLoopOptions } from '@toolloop/core';
import type { ScenarioLoopOptions } from '../scenario/loop-options-schema.js';

/** A scenario's `loop` options as core loop options: the names are shared, only `explicitStop` is widened. */
export function toCoreLoopOptions(options: ScenarioLoopOptions = {}): Partial<ToolLoopOptions> {
  const { explicitStop, ...rest } = options;
  return explicitStop === undefined ? rest : { ...rest, explicitStop };
}
