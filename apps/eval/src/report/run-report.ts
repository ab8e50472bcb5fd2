import type { HonestyVerdict } from '../judge/check-honesty.js';
import type { JudgeVerdict } from '../judge/run-judge.js';
import type { SimulatedReply } from '../side/simulated-user.js';
import type { ElicitationRecord } from '../run/create-elicitation-answers.js';
import type { JsonValue, StopReason, ToolCallRecord, Usage } from '@toolloop/core';

/** One expectation that did not hold: where it is in the scenario, and what was expected and seen. */
export interface ScenarioFailure {
  /** The field path in the scenario file, such as `turns[0].expect.rounds`. */
  path: string;
  message: string;
  expected: JsonValue;
  actual: JsonValue;
  /** `drift`: a replayed request differs from its recording, or has none (`--update` records it again). */
  kind?: 'drift';
  /**
   * Whose request drifted: the agent's, a judge's (`--update` then grades the turn again, live, and keeps the
   * agent's recording) or the simulated user's.
   */
  drifted?: 'agent' | 'judge' | 'user';
}

/** Something that happened during a turn, at a time measured from the turn's start. */
export type TimelineEntry = { atMs: number } & (
  | { type: 'request'; index: number; tools: string[]; system?: string }
  | { type: 'status'; message: string }
  | { type: 'thinking'; text: string }
  | { type: 'content'; text: string }
  | { type: 'tool-start'; toolCallId: string; name: string; input: JsonValue }
  | {
      type: 'tool-result';
      toolCallId: string;
      name: string;
      output: string;
      isError: boolean;
      durationMs: number;
    }
  | { type: 'warning'; code: string; message: string }
  | { type: 'error'; code: string; message: string; toolName?: string }
  | { type: 'stop'; stopReason: StopReason }
);

/** What a request to the fake LLM carried, in short. */
export interface RequestSummary {
  index: number;
  tools: string[];
  /** Each offered tool as sent: its description and input schema in the provider's own field. */
  toolDefinitions?: ToolDefinitionSummary[];
  toolChoice?: JsonValue;
  system?: string;
  /** Where the request put `cache_control` (Messages API), in the API's path form: `tools.2`, `system.0`, … */
  cacheBreakpoints?: string[];
  /** The output token limit sent: `max_tokens`, or chat completions' `max_completion_tokens`. */
  maxTokens?: number;
  thinking?: JsonValue;
  /**
   * The structured output format asked for: chat completions' `response_format` (`json_schema`: its name and
   * schema) or the Messages API's `output_config.format` (its schema).
   */
  outputFormat?: { name?: string; schema?: JsonValue };
  /** The first message after the system prompt (chat completions send that as a message). */
  firstMessage?: MessageSummary;
  lastMessage?: MessageSummary;
  /** How many messages the request carried after the system prompt, a round's tool results counted as one. */
  messageCount?: number;
  /** The text of each tool result the request carried, in order (`tool_result` blocks, or `tool` messages). */
  toolResults?: string[];
  /** How the response stream went (streamed responses only). */
  stream?: StreamSummary;
}

/**
 * A message of a request: its role as the wire names it (Gemini's `model` as `assistant`), its text (tool
 * results included), and whether it holds tool results (a `tool` message, or a user turn of tool results).
 */
export interface MessageSummary {
  role: string;
  text: string;
  holdsToolResults?: true;
}

/** A tool a request offered: `description` and `input_schema` (Messages API) or `parameters` (chat completions). */
export interface ToolDefinitionSummary {
  name: string;
  description?: string;
  inputSchema?: JsonValue;
}

/** What the fake LLM sent on a response stream, and whether the client stopped it early. */
export interface StreamSummary {
  status: 'open' | 'completed' | 'truncated' | 'aborted';
  clientAborted: boolean;
  bytesSent: number;
  bytesPlanned: number;
  /** XML tool mode: bytes sent from the start of the second tool block on, and how many there were to send. */
  bytesSentAfterSecondToolBlock?: number;
  bytesPlannedAfterSecondToolBlock?: number;
}

/** One user turn as it ran. */
export interface TurnReport {
  user: string;
  stopReason: StopReason;
  rounds: number;
  iterations: number;
  toolCalls: ToolCallRecord[];
  text: string;
  thinking: string;
  usage: Usage;
  /** What the turn's tokens cost, when the loop was given `prices` for its model. */
  cost?: number;
  durationMs: number;
  timeline: TimelineEntry[];
  requests: RequestSummary[];
  /** What servers asked the user during the turn (MCP elicitation), and the scenario's answers. */
  elicitations: ElicitationRecord[];
  /** What the turn's judge said (`expect.judge`): its score and reasons, with its own tokens. */
  judge?: JudgeVerdict;
  /** What `expect.honest` found: what went wrong in the turn, and the judge that read the answer, if one did. */
  honesty?: HonestyVerdict;
  /**
   * A turn a simulated user wrote: its reply with the turn's message, and after the conversation's last turn, the
   * one that gave up; each with its own tokens.
   */
  simulatedUser?: SimulatedReply[];
  /** After a simulated turn: whether the judge found the simulated user's goal reached (`simulate.until`). */
  goal?: JudgeVerdict;
}

/** The pass rate of a scenario run several times (`--repeat`). */
export interface RepeatSummary {
  runs: number;
  passed: number;
  passRate: number;
  /** pass@k: at least one of the k runs passed. */
  passAtK: boolean;
  /** pass^k: all k runs passed. */
  passAllK: boolean;
  /** Some runs passed and some failed. */
  flaky: boolean;
  /** The pass rate a scenario needed (`--min-pass-rate`); 1 unless set. */
  minPassRate: number;
}

/** Where a scenario's model answers came from. */
export type ScenarioSource = 'script' | 'recording' | 'live';

/** One scenario's verdict, in the JSON report's contract shape plus what the other reporters need. */
export interface ScenarioResult {
  name: string;
  file: string;
  tags: string[];
  status: 'passed' | 'failed' | 'skipped';
  durationMs: number;
  turns: TurnReport[];
  failures: ScenarioFailure[];
  /** The runner itself failed on this scenario (a server that would not start, a bug): not an assertion. */
  error?: { message: string; stack?: string };
  /**
   * Where the model's answers came from: `script`, the scenario's `llm` steps; `recording`, its recording,
   * replayed; `live`, the real API. Absent when the scenario did not run.
   */
  source?: ScenarioSource;
  repeat?: RepeatSummary;
  /** The tokens every run of the scenario used, all turns together (thinking counts as output). */
  tokens?: { input: number; output: number };
  /** What those tokens cost, when every turn had `prices` for its model. */
  cost?: number;
  /** The tokens the judges of its turns used (`expect.judge`), apart from the agent's. */
  judgeTokens?: { input: number; output: number };
  /** What the judges' tokens cost, when the scenario's prices named every judge's model. */
  judgeCost?: number;
  /** The tokens the simulated user used, apart from the agent's and the judges'. */
  simulatedUserTokens?: { input: number; output: number };
  /** What they cost, when the prices named the simulated user's model. */
  simulatedUserCost?: number;
  /** What a live run that records (`record`, `--update`) did with the scenario's recording. */
  recording?: RecordingOutcome;
}

/**
 * What a live run that records did with the scenario's recording: `written` once the run passed (it replaced
 * any older one whole), else `kept`: the recording from before, if there was one (`previous`), is unchanged.
 * `directory` is relative to the run's directory; `wire` names the wire of a scenario that names `wires`, whose
 * each wire has a recording of its own.
 */
export type RecordingOutcome = { directory: string; wire?: string } & (
  { type: 'written' } | { type: 'kept'; previous: boolean }
);

export interface RunSummary {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  durationMs: number;
  flaky: number;
  /** The part of the suite this run was (`--shard i/n`): `toolloop-eval merge` names the parts missing. */
  shard?: { index: number; count: number };
}

/** A whole run: what `runScenarios` resolves with and what reporters see at the end. */
export interface RunReport {
  summary: RunSummary;
  scenarios: ScenarioResult[];
}
