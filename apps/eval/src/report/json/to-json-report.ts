import type { StopReason, ToolCallRecord, Usage } from '@toolloop/core';
import type {
  RepeatSummary,
  RequestSummary,
  RunReport,
  RunSummary,
  ScenarioFailure,
  ScenarioResult,
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
  repeat?: RepeatSummary;
  /** The tokens of every run, all turns together. */
  tokens?: { input: number; output: number };
  /** What they cost, with `prices`. */
  cost?: number;
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
}

/** Reshapes a run report into the JSON report's contract shape (fields in the contract's order). */
export function toJsonReport(report: RunReport): JsonReport {
  return {
    summary: {
      total: report.summary.total,
      passed: report.summary.passed,
      failed: report.summary.failed,
      skipped: report.summary.skipped,
      durationMs: report.summary.durationMs,
      flaky: report.summary.flaky,
    },
    scenarios: report.scenarios.map(toJsonScenario),
  };
}

function toJsonScenario(scenario: ScenarioResult): JsonScenario {
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
    })),
    failures: scenario.failures.map((failure) => ({
      path: failure.path,
      message: failure.message,
      expected: failure.expected,
      actual: failure.actual,
      ...(failure.kind === undefined ? {} : { kind: failure.kind }),
    })),
    tags: scenario.tags,
    ...(scenario.error ? { error: scenario.error } : {}),
    ...(scenario.repeat ? { repeat: scenario.repeat } : {}),
    ...(scenario.tokens ? { tokens: scenario.tokens } : {}),
    ...(scenario.cost === undefined ? {} : { cost: scenario.cost }),
  };
}

/** `report.json`'s text: the report as indented JSON with a final newline. */
export function toJsonReportText(report: RunReport): string {
  return `${JSON.stringify(toJsonReport(report), null, 2)}\n`;
}
