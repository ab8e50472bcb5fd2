import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { checkCheckpoint } from './check-checkpoint.js';
import type { JsonValue } from '../json-value.js';
import type { Message } from '../model/messages.js';
import { createEmptyUsage, type Usage } from '../model/usage.js';
import type { ToolCallRecord } from './loop-result.js';
import type { PendingApproval } from './paused-turn.js';
import type { StepInfo } from './turn-hooks.js';
import { checkpointVersion, type TurnCheckpoint } from './turn-checkpoint.js';
import { isObject } from '../internal/is-object.js';

/** A paused turn as the loop's first stored format wrote it (`version: 1`). */
interface PausedTurnV1 {
  version: 1;
  messages: Message[];
  pendingApprovals: PendingApproval[];
  toolNames: string[];
  step: Omit<StepInfo, 'toolCalls'>;
  counters: {
    iterations: number;
    rounds: number;
    toolCalls: ToolCallRecord[];
    usage: Usage;
    statusUsage?: Usage;
    usageByModel?: Array<[string, Usage]>;
    errorStreak: number;
    messageToolCalls: number;
    sessionToolCalls: number;
    callCounts: Array<[string, number]>;
    text?: string;
    lastResponseText: string;
    textRepeats: number;
    lastRequestTokens?: number;
    sessionTokens?: number;
    outputRepairs?: number;
    elapsedMs?: number;
    clearedToolResults?: string[];
    contextSummary?: JsonValue;
    contextSummaryFailed?: true;
  };
}

/**
 * Reads a stored checkpoint (as `resume.turn`): one this version writes, or a paused turn of the first format,
 * which is converted. A checkpoint of a newer format is refused, as is anything that is not a checkpoint. The
 * features' slices are read by each feature when the turn restarts.
 */
export function readTurnCheckpoint(stored: unknown, argument = 'resume.turn'): TurnCheckpoint {
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const { version } = record;
  if (Number.isInteger(version) && (version as number) > checkpointVersion) {
    throw new InvalidArgumentError({
      argument,
      message: `this checkpoint has format version ${version as number}, written by a newer version of @toolloop/core; this one reads versions 1 to ${checkpointVersion}. Upgrade @toolloop/core to resume it.`,
    });
  }
  if (
    version === 1 &&
    isObject(record.counters) &&
    Array.isArray(record.messages) &&
    Array.isArray(record.pendingApprovals)
  ) {
    const converted = fromVersion1(stored as PausedTurnV1);
    checkCheckpoint(converted, (field) => `${argument}.${whereVersion1Kept(field)}`);
    return converted;
  }
  if (
    version !== checkpointVersion ||
    !Array.isArray(record.messages) ||
    !isObject(record.state) ||
    !isObject(record.features)
  ) {
    throw new InvalidArgumentError({
      argument,
      message:
        'expected a checkpoint of the turn (from onCheckpoint), or the pausedTurn of a result that stopped with approval_required.',
    });
  }
  checkCheckpoint(stored as TurnCheckpoint, (field) => `${argument}.${field}`);
  return stored as TurnCheckpoint;
}

/** Where the first format kept a field of today's: its counters, and the paused step's parts at the top. */
function whereVersion1Kept(field: string): string {
  if (field.startsWith('state.')) return `counters.${field.slice('state.'.length)}`;
  if (field.startsWith('pausedStep.')) return field.slice('pausedStep.'.length);
  return field;
}

/** A paused turn of the first format as a checkpoint: its counters go to the features that keep them now. */
function fromVersion1(turn: PausedTurnV1): TurnCheckpoint {
  const { counters } = turn;
  return {
    version: checkpointVersion,
    messages: turn.messages,
    // The first releases of that format kept fewer counters: what one left out, it had not counted.
    state: {
      iterations: counters.iterations,
      rounds: counters.rounds,
      toolCalls: counters.toolCalls,
      usage: counters.usage,
      statusUsage: counters.statusUsage ?? createEmptyUsage(),
      usageByModel: counters.usageByModel ?? [],
      text: counters.text ?? '',
      // That format was written only before a tool round, never after a paused answer.
      answerPaused: false,
      lastRequestTokens: counters.lastRequestTokens ?? 0,
      sessionTokens: counters.sessionTokens ?? 0,
      elapsedMs: counters.elapsedMs ?? 0,
    },
    features: {
      toolCallLimits: { message: counters.messageToolCalls, session: counters.sessionToolCalls },
      noProgress: {
        callCounts: counters.callCounts,
        lastResponseText: counters.lastResponseText,
        textRepeats: counters.textRepeats,
      },
      errorStreak: { streak: counters.errorStreak },
      contextLimit: {
        cleared: counters.clearedToolResults ?? [],
        ...(counters.contextSummary === undefined ? {} : { summary: counters.contextSummary }),
        ...(counters.contextSummaryFailed === true ? { summaryFailed: true } : {}),
      },
      output: { repairs: counters.outputRepairs ?? 0 },
    },
    pendingApprovals: turn.pendingApprovals,
    pausedStep: { toolNames: turn.toolNames, step: turn.step },
  };
}
