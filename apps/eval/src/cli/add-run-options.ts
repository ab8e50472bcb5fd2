import { Option, InvalidArgumentError, type Command } from 'commander';
import { isTimerDelay, timerDelayRule } from '../run/max-timer-delay-ms.js';
import { leftoverChecks, type LeftoverCheck } from '../run/leftover-check.js';
import { parseFilter, parseShard } from '../scenario/select-scenarios.js';

/** What `run` and `record` are given on the command line, as commander parses it. */
export interface RunCommandOptions {
  filter?: string;
  tag: string[];
  concurrency?: number;
  workers?: number;
  shard?: ReturnType<typeof parseShard>;
  repeat: number;
  bail: boolean;
  scenarioTimeout?: number;
  leftovers?: LeftoverCheck;
  reporter: string[];
  outDir?: string;
  passWithNoScenarios: boolean;
  live: boolean;
  record: boolean;
  update: boolean;
  baseUrl?: string;
  minPassRate?: number;
  minScore?: number;
}

/** What `list` is given. */
export type ListCommandOptions = Pick<RunCommandOptions, 'filter' | 'tag' | 'shard' | 'passWithNoScenarios'>;

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function toRate(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 1)
    throw new InvalidArgumentError('expected a pass rate from 0 to 1, such as 0.8.');
  return number;
}

function toTimerDelay(value: string): number {
  const number = Number(value);
  if (!isTimerDelay(number)) throw new InvalidArgumentError(`expected ${timerDelayRule}.`);
  return number;
}

function toPositiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError('expected a whole number of at least 1.');
  return number;
}

function toFilter(value: string): string {
  try {
    parseFilter(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
  return value;
}

function toShard(value: string): ReturnType<typeof parseShard> {
  try {
    return parseShard(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** The options that choose scenarios, which `list`, `run` and `record` share. */
export function addSelectionOptions(command: Command): Command {
  return command
    .option(
      '--filter <text|/regex/>',
      'only scenarios whose name contains the text or matches the regex',
      toFilter,
    )
    .option('--tag <tag>', 'only scenarios with this tag (repeatable)', collect, [])
    .option('--shard <i/n>', 'only the i-th of n stable parts of the suite', toShard)
    .option(
      '--pass-with-no-scenarios',
      'no error when paths, --filter, --tag and --shard select nothing',
      false,
    );
}

/** The options `run` and `record` share. */
export function addRunOptions(command: Command): Command {
  return addSelectionOptions(command)
    .option('--concurrency <n>', 'scenarios run at once (default: CPU count)', toPositiveInteger)
    .option(
      '--workers <n>',
      'worker processes that run scenario files (default: CPU count, at most one per 2,000 scenarios)',
      toPositiveInteger,
    )
    .option('--repeat <n>', 'run each scenario n times and report pass rates', toPositiveInteger, 1)
    .option('--bail', 'start no new scenario after the first failure', false)
    .addOption(
      new Option(
        '--leftovers <when>',
        'fail what leaves something running, naming it: turn (a turn that leaves a timer, and a scenario that leaves anything once it ended), scenario (only the latter) or off (default: turn)',
      ).choices(leftoverChecks),
    )
    .option(
      '--scenario-timeout <ms>',
      "how long a scenario may run before it is stopped and fails (default: its turns' timeoutMs plus a margin)",
      toTimerDelay,
    )
    .addOption(
      new Option('--reporter <name>', 'pretty, json, junit or html (repeatable)')
        .argParser(collect)
        .default([]),
    )
    .option('--out-dir <dir>', 'where json, junit and html reports are written (default: reports)')
    .option(
      '--live',
      'answer with the real API instead of llm scripts and recordings (keys from ANTHROPIC_API_KEY / OPENAI_API_KEY / GEMINI_API_KEY, Bedrock from the AWS credential chain, Ollama none)',
      false,
    )
    .option('--record', 'with --live: write each scenario run beside it as its recording', false)
    .option(
      '--update',
      'record again, live, the scenarios whose replay drifted from their recording or that have none',
      false,
    )
    .option(
      '--base-url <url>',
      "the API base URL of live runs (a proxy, vLLM, Ollama); default: each provider's variable (ANTHROPIC_BASE_URL, OPENAI_BASE_URL, GEMINI_BASE_URL, BEDROCK_BASE_URL, OLLAMA_HOST, OLLAMA_BASE_URL), else the public API",
    )
    .option(
      '--min-pass-rate <rate>',
      'with --repeat: the share of runs (0 to 1) a scenario must pass; default 1, every run',
      toRate,
    )
    .option(
      '--min-score <fraction>',
      "how far up its scale (0 to 1) a judge's score must be to pass, for judges with no threshold of their own; default 0.75 (4 on 1 to 5)",
      toRate,
    );
}
