import type { StopReason, ToolCallRecord, Usage } from '@toolloop/core';
import type { HonestyVerdict } from '../../judge/check-honesty.js';
import type { JudgeVerdict } from '../../judge/run-judge.js';
import type { SimulatedReply } from '../../side/simulated-user.js';
import type {
  RepeatSummary,
  RequestSummary,
  RunReport,
  RunSummary,
  ScenarioFailure,
  ScenarioResult,
  ScenarioSource,
  TimelineEntry,
} from '../run-report.js';

/** `report.json`: the fields docs/scenario-format.md documents first, then extras for tools and people. */
export interface JsonReport {
  summary: RunSummary;
  scenarios: JsonScenario[];
}

/** One scenario in `report.json`. */
export interface JsonScenario {
  name: string;
  file: string;
  status: ScenarioResult['status'];
  durationMs: number;
  turns: JsonTurn[];
  failures: ScenarioFailure[];
  tags: string[];
  error?: { message: string; stack?: string };
  /** Where the model's answers came from: `script`, `recording` (replayed) or `live`. */
  source?: ScenarioSource;
  repeat?: RepeatSummary;
  /** The tokens of every run, all turns together. */
  tokens?: { input: number; output: number };
  /** What they cost, with `prices`. */
  cost?: number;
  /** The tokens the judges used, apart from the agent's. */
  judgeTokens?: { input: number; output: number };
  /** What they cost, when the prices named every judge's model. */
  judgeCost?: number;
  /** The tokens the simulated user used, apart from the agent's and the judges'. */
  simulatedUserTokens?: { input: number; output: number };
  /** What they cost, when the prices named its model. */
  simulatedUserCost?: number;
}

/** One turn in `report.json`. */
export interface JsonTurn {
  stopReason: StopReason;
  rounds: number;
  iterations: number;
  toolCalls: ToolCallRecord[];
  text: string;
  user: string;
  thinking: string;
  usage: Usage;
  durationMs: number;
  timeline: TimelineEntry[];
  /** What the fake LLM received in this turn, request by request. */
  requests: RequestSummary[];
  /** What the turn's judge said: its score, reasons and threshold, and its own tokens. */
  judge?: JudgeVerdict;
  /** What `expect.honest` found: what went wrong, and the judge that read the answer, if one did. */
  honesty?: HonestyVerdict;
  /** A simulated turn: the simulated user's replies (the turn's message; after the last turn, one that gave up). */
  simulatedUser?: SimulatedReply[];
  /** After a simulated turn: whether the judge found the goal reached. */
  goal?: JudgeVerdict;
}

/** Reshapes a run report into the JSON report's contract shape (fields in the contract's order). */
export function toJsonReport(report: RunReport): JsonReport {
  return { summary: toJsonSummary(report.summary), scenarios: report.scenarios.map(toJsonScenario) };
}

function toJsonSummary(summary: RunSummary): RunSummary {
  return {
    total: summary.total,
    passed: summary.passed,
    failed: summary.failed,
    skipped: summary.skipped,
    durationMs: summary.durationMs,
    flaky: summary.flaky,
    ...(summary.shard === undefined ? {} : { shard: summary.shard }),
  };
}

/** One scenario in `report.json`'s shape. */
export function toJsonScenario(scenario: ScenarioResult): JsonScenario {
  return {
    name: scenario.name,
    file: scenario.file,
    status: scenario.status,
    durationMs: scenario.durationMs,
    turns: scenario.turns.map((turn) => ({
      stopReason: turn.stopReason,
      rounds: turn.rounds,
      iterations: turn.iterations,
      toolCalls: turn.toolCalls,
      text: turn.text,
      user: turn.user,
      thinking: turn.thinking,
      usage: turn.usage,
      durationMs: turn.durationMs,
      timeline: turn.timeline,
      requests: turn.requests,
      ...(turn.judge === undefined ? {} : { judge: turn.judge }),
      ...(turn.honesty === undefined ? {} : { honesty: turn.honesty }),
      ...(turn.simulatedUser === undefined ? {} : { simulatedUser: turn.simulatedUser }),
      ...(turn.goal === undefined ? {} : { goal: turn.goal }),
    })),
    failures: scenario.failures.map((failure) => ({
      path: failure.path,
      message: failure.message,
      expected: failure.expected,
      actual: failure.actual,
      ...(failure.kind === undefined ? {} : { kind: failure.kind }),
      ...(failure.drifted === undefined ? {} : { drifted: failure.drifted }),
    })),
    tags: scenario.tags,
    ...(scenario.error ? { error: scenario.error } : {}),
    ...(scenario.source === undefined ? {} : { source: scenario.source }),
    ...(scenario.repeat ? { repeat: scenario.repeat } : {}),
    ...(scenario.tokens ? { tokens: scenario.tokens } : {}),
    ...(scenario.cost === undefined ? {} : { cost: scenario.cost }),
    ...(scenario.judgeTokens === undefined ? {} : { judgeTokens: scenario.judgeTokens }),
    ...(scenario.judgeCost === undefined ? {} : { judgeCost: scenario.judgeCost }),
    ...(scenario.simulatedUserTokens === undefined
      ? {}
      : { simulatedUserTokens: scenario.simulatedUserTokens }),
    ...(scenario.simulatedUserCost === undefined ? {} : { simulatedUserCost: scenario.simulatedUserCost }),
  };
}

/** `report.json`'s text: the report as indented JSON with a final newline. */
export function toJsonReportText(report: RunReport): string {
  return `${JSON.stringify(toJsonReport(report), null, 2)}\n`;
}

/** A scenario as it stands in `report.json`'s text: indented to its place in the `scenarios` array. */
export function toJsonScenarioText(scenario: ScenarioResult): string {
  // JSON.stringify escapes line breaks inside strings: every newline here is between two lines of the layout.
  return `    ${JSON.stringify(toJsonScenario(scenario), null, 2).replaceAll('\n', '\n    ')}`;
}

/**
 * `report.json`'s text piece by piece: the summary, then each scenario's text as `readScenario` gives it back,
 * in order. The same bytes as `toJsonReportText` for the same report.
 */
export async function* toJsonReportPieces<Part>({
  summary,
  parts,
  read,
}: {
  summary: RunSummary;
  parts: readonly Part[];
  read: (part: Part) => Promise<string>;
}): AsyncGenerator<string> {
  const summaryText = JSON.stringify({ summary: toJsonSummary(summary) }, null, 2).slice(0, -2);
  if (parts.length === 0) {
    yield `${summaryText},\n  "scenarios": []\n}\n`;
    return;
  }
  yield `${summaryText},\n  "scenarios": [\n`;
  for (const [index, part] of parts.entries()) yield `${index === 0 ? '' : ',\n'}${await read(part)}`;
  yield '\n  ]\n}\n';
}
