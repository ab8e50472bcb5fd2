import { ScenarioFileError } from './scenario-file-error.js';
import type { Scenario } from './scenario-schema.js';

/** What choosing a scenario reads of it: its file, its name and tags, and whether it is marked skip or only. */
export interface SelectableScenario {
  file: string;
  scenario: Pick<Scenario, 'name' | 'tags' | 'skip' | 'only'>;
}

/** Which scenarios run, which are reported as skipped; the rest were filtered out. */
export interface ScenarioSelection<SCENARIO extends SelectableScenario = SelectableScenario> {
  run: SCENARIO[];
  skipped: SCENARIO[];
}

/** `--shard i/n`: this machine runs the i-th of n parts. */
export interface Shard {
  index: number;
  count: number;
}

/**
 * Applies, in order: unique names (duplicates are an input error), `--filter` (a substring of the name, or a
 * `/regex/flags`), `--tag` (any of the tags), `--shard` (a stable round-robin over the scenarios sorted by file
 * and name, so n machines together run each scenario once), then `only` and `skip`.
 */
export function selectScenarios<SCENARIO extends SelectableScenario>({
  scenarios,
  filter,
  tags = [],
  shard,
}: {
  scenarios: readonly SCENARIO[];
  filter?: string;
  tags?: readonly string[];
  shard?: Shard;
}): ScenarioSelection<SCENARIO> {
  assertUniqueNames(scenarios);
  const matchesFilter = toNameMatcher(filter);
  const sorted = [...scenarios]
    .filter(({ scenario }) => matchesFilter(scenario.name))
    .filter(({ scenario }) => hasAnyTag(scenario, tags))
    .sort(
      (left, right) =>
        left.file.localeCompare(right.file) || left.scenario.name.localeCompare(right.scenario.name),
    );
  const sharded =
    shard === undefined
      ? sorted
      : sorted.filter((_scenario, index) => index % shard.count === shard.index - 1);
  // Across the whole suite, so that a part runs what a whole run would of it (its `only` may be in another part).
  const hasOnly = sorted.some(({ scenario }) => scenario.only === true);
  const runs = (loaded: SCENARIO) =>
    loaded.scenario.skip !== true && (!hasOnly || loaded.scenario.only === true);
  return { run: sharded.filter(runs), skipped: sharded.filter((loaded) => !runs(loaded)) };
}

/** Whether a scenario passes `--tag`: it has one of the tags, or no tag was asked for. */
export function hasAnyTag(scenario: { tags?: string[] | undefined }, tags: readonly string[]): boolean {
  return tags.length === 0 || (scenario.tags ?? []).some((tag) => tags.includes(tag));
}

/** Parses `i/n` (1 ≤ i ≤ n). */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || count < 1 || index < 1 || index > count) {
    throw new Error(`--shard expects i/n with 1 ≤ i ≤ n, such as 1/2; got '${text}'.`);
  }
  return { index, count };
}

/** Whether a scenario's name passes `--filter` (everything passes without one). */
export function toNameMatcher(filter: string | undefined): (name: string) => boolean {
  if (filter === undefined || filter === '') return () => true;
  const pattern = parseFilter(filter);
  return pattern === undefined ? (name) => name.includes(filter) : (name) => pattern.test(name);
}

/**
 * A `--filter` written `/regex/flags`, compiled; `undefined` for a plain substring. Throws an `Error` that names
 * the filter when the expression does not compile, before anything runs.
 */
export function parseFilter(filter: string): RegExp | undefined {
  const regex = /^\/(.+)\/([a-z]*)$/.exec(filter);
  if (regex === null) return undefined;
  try {
    return new RegExp(regex[1] ?? '', regex[2]);
  } catch (error) {
    throw new Error(`--filter '${filter}' is not a valid regular expression: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function assertUniqueNames(scenarios: readonly SelectableScenario[]): void {
  const seen = new Map<string, string>();
  const issues = scenarios.flatMap(({ file, scenario }) => {
    const first = seen.get(scenario.name);
    seen.set(scenario.name, first ?? file);
    return first === undefined
      ? []
      : [
          {
            file,
            path: 'name',
            message: `the name '${scenario.name}' is already used by ${first}; names must be unique`,
          },
        ];
  });
  if (issues.length > 0) throw new ScenarioFileError(issues);
}
