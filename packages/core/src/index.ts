// The loop
export { runToolLoop } from './loop/run-tool-loop.js';
export { checkToolLoopOptionNames } from './options/check-tool-loop-options.js';
export { isBuiltinStopReason, stopReasons } from './loop/stop-reason.js';
export { statusLines } from './loop/status-lines.js';
export { defaultProgressivePrompt } from './loop/progressive-prompt.js';
export { formatToolName } from './format-tool-name.js';
export { redactUrl, redactUrlSecrets } from './redact-url-secrets.js';
export type { ToolLoopRun } from './loop/create-tool-loop-run.js';
export type { ContextLimit, ModelPrice, ToolLoopOptions } from './loop/tool-loop-options.js';
export type { FileLoopOptions } from './options/file-loop-options-schema.js';
export type { TelemetryOptions, TelemetryTracer } from './telemetry/telemetry-options.js';
export type { OutputSchema } from './loop/output-schema.js';
export type { ProgressivePromptTexts } from './loop/progressive-prompt.js';
export type { BuiltinStopReason, StopReason } from './loop/stop-reason.js';
export type {
  OnStepFinish,
  PrepareStep,
  PrepareStepContext,
  StepInfo,
  StepSettings,
  StopCondition,
  StopDecision,
  TurnSnapshot,
} from './loop/turn-hooks.js';
export type { LoopResult, ToolCallRecord } from './loop/loop-result.js';
export type { ApprovalDecision, PendingApproval, ResumeTurn } from './loop/paused-turn.js';
export type {
  CheckpointState,
  PausedStep,
  PausedTurn,
  RunningStep,
  TurnCheckpoint,
} from './loop/turn-checkpoint.js';
export type { ToolJournal, ToolJournalEntry } from './loop/tool-journal.js';
export type {
  ApprovalRequiredEvent,
  ContentEvent,
  DoneEvent,
  ErrorEvent,
  LoopErrorCode,
  LoopEvent,
  StatusEvent,
  ThinkingEvent,
  ToolProgressEvent,
  ToolResultEvent,
  ToolStartEvent,
  WarningEvent,
} from './loop/loop-event.js';

// Tools
export { defineTool } from './tools/define-tool.js';
export { createToolSource } from './tools/create-tool-source.js';
export { isToolSource } from './tools/tool-source.js';
export { createToolOutput, toToolOutput } from './tools/to-tool-output.js';
export type { Idempotent, Tool, ToolExecuteOptions } from './tools/define-tool.js';
export type { ToolCallRequest, ToolProgress, ToolSource } from './tools/tool-source.js';
export type { ToolDefinition } from './tools/tool-definition.js';
export type { InferToolInput, ToolInputSchema } from './tools/tool-input-schema.js';

// The model contract (what providers implement)
export { parseToolInput, readToolInputValue } from './model/parse-tool-input.js';
export { addUsage, createEmptyUsage } from './model/usage.js';
export type {
  FinishPart,
  FinishReason,
  Model,
  ModelRequest,
  ResponseFormat,
  ModelStreamPart,
  TextDeltaPart,
  ThinkingDeltaPart,
  ThinkingEffort,
  ThinkingSettings,
  ToolChoice,
  WarningPart,
} from './model/model.js';
export type {
  AssistantContentPart,
  AssistantMessage,
  Message,
  RedactedThinkingPart,
  TextPart,
  ThinkingPart,
  ToolCallPart,
  ToolContent,
  ToolMessage,
  ToolOutput,
  ToolResultPart,
  UserContentPart,
  UserMessage,
} from './model/messages.js';
export type { Usage } from './model/usage.js';
export type { ParsedToolInput } from './model/parse-tool-input.js';
export type { JsonObject, JsonValue } from './json-value.js';

// Errors
export { ToolloopError } from './errors/toolloop-error.js';
export { ModelError } from './errors/model-error.js';
export { InvalidArgumentError } from './errors/invalid-argument-error.js';
export { InvalidToolInputError } from './errors/invalid-tool-input-error.js';
export { ToolTimeoutError } from './errors/tool-timeout-error.js';
export { TurnTimeoutError } from './errors/turn-timeout-error.js';
export { TurnAbortedError } from './errors/turn-aborted-error.js';
export { ToolSourceError } from './errors/tool-source-error.js';
export { HookError } from './errors/hook-error.js';
export { InvalidOutputError } from './errors/invalid-output-error.js';
