import type { LeftoverCheck } from '../run/leftover-check.js';
import { resolve } from 'node:path';
import { InvalidArgumentError as InvalidOptionValueError } from '@toolloop/core/internal';
import { Command, CommanderError, Option } from 'commander';
import { configFileNames } from '../config/find-config-file.js';
import type { PrettyReporterStream } from '../report/pretty/create-pretty-reporter.js';
import { escapeControlCharacters, escapeLine } from '../report/escape-control-characters.js';
import { createColors } from '../report/pretty/colors.js';
import { formatSummary } from '../report/pretty/format-summary.js';
import type { RecordingRedaction } from '../record/redact-recording.js';
import type { RunScenariosOptions } from '../run/run-scenarios.js';
import { ScenarioFileError } from '../scenario/scenario-file-error.js';
import { assertScenariosSelected } from '../scenario/assert-scenarios-selected.js';
import { EmptySelectionError } from '../scenario/empty-selection-error.js';
import { selectScenarios } from '../scenario/select-scenarios.js';
import { LiveSetupError } from '../record/live-setup-error.js';
import { addInitCommand } from './add-init-command.js';
import {
  addRunOptions,
  addSelectionOptions,
  type ListCommandOptions,
  type RunCommandOptions,
} from './add-run-options.js';
import { createRecordingLog } from './create-recording-log.js';
import { reportAgentsNotLoaded } from './report-agents-not-loaded.js';
import { readPackageVersion } from './read-package-version.js';

/** Where the commands write; tests pass their own. */
export interface ProgramOutput {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stdout is a terminal (the pretty reporter then draws a live progress line), and its width. */
  isTTY?: boolean | undefined;
  columns?: number | undefined;
}

const defaultOutput: ProgramOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  get isTTY() {
    return process.stdout.isTTY;
  },
  get columns() {
    return process.stdout.columns;
  },
};

/**
 * The `toolloop-eval` command line: `run`, `merge`, `validate`, `list`, `schema` and `init`, each a few lines over the
 * programmatic API, which each action loads when it runs: `--version` and `--help` load none of it.
 * Exit codes are set on `process.exitCode` (0 passed, 1 a scenario failed, 2 invalid input or runner failure).
 */
export function createProgram({
  output = defaultOutput,
  cwd = process.cwd(),
}: { output?: ProgramOutput; cwd?: string } = {}): Command {
  const program = new Command('toolloop-eval')
    .description('Run toolloop scenario files against the fake LLM and mock MCP servers.')
    .version(readPackageVersion())
    .configureOutput({ writeOut: output.stdout, writeErr: output.stderr })
    .showHelpAfterError()
    .exitOverride()
    .configureHelp({ showGlobalOptions: true })
    .option(
      '--config <path>',
      `the config file; default: the first of ${configFileNames.join(', ')} in the working directory or the nearest directory above it, up to the filesystem root`,
    );
  // The config's values are defaults: a flag or a path given on the command line wins.
  const loadConfig = async () => {
    const { loadToolloopConfig } = await import('../config/load-toolloop-config.js');
    return loadToolloopConfig({ path: program.opts<{ config?: string }>().config, cwd });
  };

  const runAction = async (paths: string[], options: RunCommandOptions): Promise<void> => {
    if (options.record && !options.live) {
      output.stderr('--record records live runs: add --live, or use `toolloop-eval record`.\n');
      process.exitCode = 2;
      return;
    }
    if (options.update && options.live) {
      output.stderr(
        '--update records again, live, the scenarios whose replay drifted; --live replays nothing, so it would update nothing. ' +
          'Record every scenario live with `toolloop-eval record`, or drop --live.\n',
      );
      process.exitCode = 2;
      return;
    }
    await guard(output, async () => {
      const config = await loadConfig();
      const [{ runScenarios }, { createReporters }, watchdogs] = await Promise.all([
        import('../run/run-scenarios.js'),
        import('../report/reporters.js'),
        import('../run/start-event-loop-watchdog.js'),
      ]);
      const concurrency = options.concurrency ?? config?.concurrency;
      const scenarioTimeoutMs = options.scenarioTimeout ?? config?.scenarioTimeoutMs;
      const reporterNames =
        options.reporter.length > 0 ? options.reporter : (config?.reporters ?? ['pretty']);
      // A tool that never yields stops every deadline of this process: a thread of its own ends it instead.
      const watchdog = watchdogs.startEventLoopWatchdog({
        blockedMs: watchdogs.watchdogLimitMs({ scenarioTimeoutMs }),
      });
      const { report, exitCode } = await runScenarios({
        paths: paths.length > 0 ? paths : (config?.scenarios ?? ['scenarios/']),
        cwd,
        tags: options.tag,
        repeat: options.repeat,
        bail: options.bail,
        outDir: options.outDir ?? config?.outDir ?? 'reports',
        passWithNoScenarios: options.passWithNoScenarios,
        reporters: [
          ...createReporters(reporterNames, { stream: toReporterStream(output) }),
          createRecordingLog({ write: output.stdout }),
          watchdogs.createWatchdogReporter(watchdog),
        ],
        // The reporters take each result as it ends: the command keeps none, so memory stays flat.
        keepResults: false,
        defaults: config?.defaults ?? {},
        ...liveRunOptions({ options, redaction: config?.redaction }),
        ...(options.filter === undefined ? {} : { filter: options.filter }),
        ...(concurrency === undefined ? {} : { concurrency }),
        ...(scenarioTimeoutMs === undefined ? {} : { scenarioTimeoutMs }),
        ...leftoverOption(options.leftovers ?? config?.leftovers),
        workers: options.workers ?? 'auto',
        ...(options.shard === undefined ? {} : { shard: options.shard }),
      }).finally(() => {
        watchdog.stop();
      });
      // The pretty reporter ends with the summary; without it, a run must still say how it went.
      if (!reporterNames.includes('pretty'))
        output.stdout(
          `${formatSummary({ summary: report.summary, colors: createColors(false) }).join('\n')}\n`,
        );
      process.exitCode = exitCode;
    });
  };

  addRunOptions(
    program
      .command('run', { isDefault: true })
      .description('run scenarios (default: scenarios/) and report')
      .argument(
        '[paths...]',
        "scenario files, directories or globs (default: the config's scenarios, else scenarios/)",
      ),
  ).action(runAction);

  addRunOptions(
    program
      .command('record')
      .description(
        'run scenarios live (--live) and write each run beside its scenario as its recording, which runs without --live replay',
      )
      .argument(
        '[paths...]',
        "scenario files, directories or globs (default: the config's scenarios, else scenarios/)",
      ),
  ).action((paths: string[], options: RunCommandOptions) =>
    runAction(paths, { ...options, live: true, record: true }),
  );

  program
    .command('merge')
    .description(
      'merge the JSON reports of the parts of one run (--shard) into the reports of one run, with its exit code',
    )
    .argument('<reports...>', 'report.json files, or directories holding one (the --out-dir of each part)')
    .addOption(
      new Option(
        '--reporter <name>',
        'json, junit, html or pretty (repeatable) (default: json, junit and html)',
      )
        .argParser((value: string, previous: string[]) => [...previous, value])
        .default([]),
    )
    .option('--out-dir <dir>', 'where the merged reports are written (default: reports)')
    .action(async (paths: string[], options: { reporter: string[]; outDir?: string }) => {
      await guard(output, async () => {
        const [{ readReportsToMerge }, { mergeRunReports }, { createReporters }] = await Promise.all([
          import('../report/read-reports-to-merge.js'),
          import('../report/merge-run-reports.js'),
          import('../report/reporters.js'),
        ]);
        const { report, exitCode } = mergeRunReports(await readReportsToMerge({ paths, cwd }));
        const reporterNames = options.reporter.length > 0 ? options.reporter : ['json', 'junit', 'html'];
        const reporters = createReporters(reporterNames, { stream: toReporterStream(output) });
        const outDir = resolve(cwd, options.outDir ?? 'reports');
        try {
          // As a run drives them: each scenario in the report's order, then the end.
          for (const reporter of reporters) {
            await reporter.onRunStart?.({
              total: report.scenarios.length,
              repeat: 1,
              concurrency: 1,
              outDir,
            });
          }
          for (const [order, result] of report.scenarios.entries()) {
            for (const reporter of reporters) await reporter.onScenarioEnd?.(result, { order });
          }
          for (const reporter of reporters) await reporter.onRunEnd?.(report);
        } finally {
          for (const reporter of reporters) await reporter.close?.();
        }
        if (!reporterNames.includes('pretty'))
          output.stdout(
            `${formatSummary({ summary: report.summary, colors: createColors(false) }).join('\n')}\n`,
          );
        process.exitCode = exitCode;
      });
    });

  program
    .command('validate')
    .description('check scenario files against the format, without running them')
    .argument(
      '[paths...]',
      "scenario files, directories or globs (default: the config's scenarios, else scenarios/)",
    )
    .action(async (paths: string[]) => {
      await guard(output, async () => {
        const config = await loadConfig();
        const { findScenarioFiles } = await import('../scenario/find-scenario-files.js');
        const files = await findScenarioFiles({
          patterns: paths.length > 0 ? paths : (config?.scenarios ?? ['scenarios/']),
          cwd,
        });
        const [{ loadEachScenarioFile }, { checkRecording }] = await Promise.all([
          import('./load-each-scenario-file.js'),
          import('../record/check-recording.js'),
        ]);
        // Of a valid file, only the agent it left unloaded is kept.
        const outcomes = await loadEachScenarioFile({
          files,
          cwd,
          defaults: config?.defaults ?? {},
          configFile: config?.file,
          keep: ({ file, agentNotLoaded }) => ({ file, agentNotLoaded }),
          check: (file) => checkRecording({ scenarioFile: resolve(cwd, file), cwd }),
        });
        reportAgentsNotLoaded({ output, command: 'validate', scenarios: outcomes });
        output.stdout(`${files.length} scenario file${files.length === 1 ? '' : 's'} valid.\n`);
      });
    });

  addSelectionOptions(
    program
      .command('list')
      .description('list the scenarios that `run` would run')
      .argument(
        '[paths...]',
        "scenario files, directories or globs (default: the config's scenarios, else scenarios/)",
      ),
  ).action(async (paths: string[], options: ListCommandOptions) => {
    await guard(output, async () => {
      const config = await loadConfig();
      const { findScenarioFiles } = await import('../scenario/find-scenario-files.js');
      const files = await findScenarioFiles({
        patterns: paths.length > 0 ? paths : (config?.scenarios ?? ['scenarios/']),
        cwd,
      });
      const [{ loadEachScenarioFile }, { expandWires }] = await Promise.all([
        import('./load-each-scenario-file.js'),
        import('../scenario/expand-wires.js'),
      ]);
      // A scenario with `wires` is listed once per wire, as `run` runs it.
      const scenarios = (
        await loadEachScenarioFile({
          files,
          cwd,
          defaults: config?.defaults ?? {},
          configFile: config?.file,
          keep: expandWires,
        })
      ).flat();
      reportAgentsNotLoaded({ output, command: 'list', scenarios });
      const criteria = {
        tags: options.tag,
        ...(options.filter === undefined ? {} : { filter: options.filter }),
        ...(options.shard === undefined ? {} : { shard: options.shard }),
      };
      const selection = selectScenarios({ scenarios, ...criteria });
      if (!options.passWithNoScenarios) assertScenariosSelected({ selection, scenarios, ...criteria });
      const { run, skipped } = selection;
      for (const { file, scenario } of [...run, ...skipped]) {
        const tags = (scenario.tags ?? []).map((tag) => `#${tag}`).join(' ');
        const skippedMark = skipped.some((loaded) => loaded.scenario === scenario) ? ' (skipped)' : '';
        output.stdout(
          `${escapeLine(`${scenario.name}${skippedMark}  ${file}${tags === '' ? '' : `  ${tags}`}`)}\n`,
        );
      }
    });
  });

  program
    .command('schema')
    .description('print the JSON Schema of scenario files (for editors)')
    .action(async () => {
      const { createScenarioJsonSchema } = await import('../scenario/create-scenario-json-schema.js');
      output.stdout(`${JSON.stringify(createScenarioJsonSchema(), null, 2)}\n`);
    });

  addInitCommand({ program, output, cwd });

  return program;
}

/** What `run` passes on to `runScenarios` for live runs, recordings and pass rates. */
function liveRunOptions({
  options,
  redaction,
}: {
  options: RunCommandOptions;
  redaction: RecordingRedaction | undefined;
}): Pick<RunScenariosOptions, 'live' | 'update' | 'redaction' | 'minPassRate' | 'minScore'> {
  const endpoint = options.baseUrl === undefined ? {} : { baseURL: options.baseUrl };
  return {
    ...(options.live ? { live: { ...endpoint, record: options.record } } : {}),
    ...(options.update ? { update: endpoint } : {}),
    ...(redaction === undefined ? {} : { redaction }),
    ...(options.minPassRate === undefined ? {} : { minPassRate: options.minPassRate }),
    ...(options.minScore === undefined ? {} : { minScore: options.minScore }),
  };
}

/**
 * Runs the command line and returns its exit code: commander's own usage errors (an unknown option, a bad
 * `--shard`) are invalid input, exit code 2; `--help` and `--version` are 0.
 */
export async function runProgram(
  argv: readonly string[],
  options: { output?: ProgramOutput; cwd?: string } = {},
): Promise<number> {
  process.exitCode = undefined;
  try {
    await createProgram(options).parseAsync(argv);
    return exitCodeOf(process);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  } finally {
    process.exitCode = undefined;
  }
}

/** The pretty reporter's stream over the command's output. */
function toReporterStream(output: ProgramOutput): PrettyReporterStream {
  return {
    write: (text: string) => {
      output.stdout(text);
    },
    get isTTY() {
      return output.isTTY;
    },
    get columns() {
      return output.columns;
    },
  };
}

/** The exit code a command set (read through a parameter: the compiler cannot see the command set it). */
function exitCodeOf(target: { exitCode?: number | string | undefined }): number {
  return Number(target.exitCode ?? 0);
}

/** Runs a command; invalid input and runner failures are printed and exit with 2, never thrown at the user. */
async function guard(output: ProgramOutput, action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    // Messages repeat the user's text (tags, names, paths): escaped, as every report shows it.
    if (ScenarioFileError.isInstance(error)) {
      output.stderr(`Invalid scenario input:\n${error.message}\n`);
    } else if (
      EmptySelectionError.isInstance(error) ||
      InvalidOptionValueError.isInstance(error) ||
      error instanceof LiveSetupError ||
      (error instanceof Error && error.name === 'ReportMergeError')
    ) {
      output.stderr(`${escapeControlCharacters(error.message)}\n`);
    } else {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      output.stderr(`toolloop-eval failed: ${escapeControlCharacters(text)}\n`);
    }
    process.exitCode = 2;
  }
}

/** The run's leftover check, when the command line or the config file sets one. */
function leftoverOption(leftovers: LeftoverCheck | undefined): { leftovers?: LeftoverCheck } {
  return leftovers === undefined ? {} : { leftovers };
}
