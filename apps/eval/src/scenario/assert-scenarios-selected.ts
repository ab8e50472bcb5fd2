import { EmptySelectionError } from './empty-selection-error.js';
import {
  hasAnyTag,
  toNameMatcher,
  type ScenarioSelection,
  type SelectableScenario,
  type Shard,
} from './select-scenarios.js';

/**
 * Throws an `EmptySelectionError` when a selection holds no scenario, to run or skipped, naming what left
 * nothing (`--filter`, `--tag` with the tags in use, or `--shard`). A typo in CI must not be a green build.
 */
export function assertScenariosSelected({
  selection,
  scenarios,
  filter,
  tags = [],
  shard,
}: {
  selection: ScenarioSelection;
  /** Every scenario found, before the selection. */
  scenarios: readonly SelectableScenario[];
  filter?: string | undefined;
  tags?: readonly string[] | undefined;
  shard?: Shard | undefined;
}): void {
  if (selection.run.length + selection.skipped.length > 0) return;
  const reason = describeEmptySelection({ scenarios, filter, tags, shard });
  throw new EmptySelectionError(
    `No scenario selected: ${reason} Pass --pass-with-no-scenarios if an empty run is expected.`,
  );
}

function describeEmptySelection({
  scenarios,
  filter,
  tags,
  shard,
}: {
  scenarios: readonly SelectableScenario[];
  filter: string | undefined;
  tags: readonly string[];
  shard: Shard | undefined;
}): string {
  if (scenarios.length === 0) return 'no scenario file was found.';
  const found = `the ${countScenarios(scenarios.length)} found`;
  const named = scenarios.filter(({ scenario }) => toNameMatcher(filter)(scenario.name));
  if (named.length === 0) return `none of ${found} has a name matching --filter '${filter ?? ''}'.`;
  const tagged = named.filter(({ scenario }) => hasAnyTag(scenario, tags));
  if (tagged.length === 0) {
    const among =
      named.length === scenarios.length
        ? found
        : `the ${countScenarios(named.length)} matching --filter '${filter ?? ''}'`;
    const wanted =
      tags.length === 1
        ? `the tag '${tags[0] ?? ''}'`
        : `any of the tags ${tags.map((tag) => `'${tag}'`).join(', ')}`;
    return `none of ${among} has ${wanted}. ${describeTagsInUse(scenarios)}`;
  }
  if (shard !== undefined)
    return `shard ${shard.index} of ${shard.count} holds none of the ${countScenarios(tagged.length)} selected before sharding.`;
  return 'the selection is empty.';
}

function describeTagsInUse(scenarios: readonly SelectableScenario[]): string {
  const tags = [...new Set(scenarios.flatMap(({ scenario }) => scenario.tags ?? []))].sort();
  return tags.length === 0 ? 'No scenario has tags.' : `Tags in use: ${tags.join(', ')}.`;
}

function countScenarios(count: number): string {
  return `${count} scenario${count === 1 ? '' : 's'}`;
}
