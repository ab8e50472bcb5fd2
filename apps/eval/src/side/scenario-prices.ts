import type { ToolLoopOptions } from '@toolloop/core';
import type { Scenario } from '../scenario/scenario-schema.js';

/**
 * The scenario's prices by model id (`loop.prices`, or the session config's `prices`): what the judges' and the
 * simulated user's tokens cost, when they name their models.
 */
export function scenarioPricesOf(scenario: Scenario): ToolLoopOptions['prices'] | undefined {
  return scenario.loop?.prices ?? fromSnakeCase(scenario.session?.prices);
}

/** A session config's prices (snake_case) as the loop takes them. */
function fromSnakeCase(
  prices: NonNullable<Scenario['session']>['prices'],
): ToolLoopOptions['prices'] | undefined {
  if (prices === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(prices).map(([model, price]) => [
      model,
      {
        inputPerMillion: price.input_per_million,
        outputPerMillion: price.output_per_million,
        ...(price.cache_read_per_million === undefined
          ? {}
          : { cacheReadPerMillion: price.cache_read_per_million }),
        ...(price.cache_write_per_million === undefined
          ? {}
          : { cacheWritePerMillion: price.cache_write_per_million }),
      },
    ]),
  );
}
