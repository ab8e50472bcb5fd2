// The fake LLM
export { createFakeLlm } from './create-fake-llm.js';
export { cancelMswResponseCopies } from './cancel-msw-response-copies.js';
export { scriptHeader } from './handler/resolve-script-id.js';
export { defaultScriptId } from './handler/fake-llm-state.js';
export type { FakeLlm } from './create-fake-llm.js';
export type { FakeLlmOptions, FakeLlmStrictness } from './fake-llm-options.js';
export type { FakeLlmScriptHandle } from './script/fake-llm-script-handle.js';
export type { FakeLlmServer } from './server/start-http-server.js';

// Rules
export { listFakeLlmRules } from './rules/list-fake-llm-rules.js';
export type { FakeLlmRuleDescription, FakeLlmRuleWire } from './rules/fake-llm-rule.js';

// Scripts
export { toFakeLlmScript } from './script/fake-llm-script.js';
export { parseFakeLlmScript } from './script/parse-fake-llm-script.js';
export { loadFakeLlmScript } from './script/load-fake-llm-script.js';
export type {
  ChatCompletionsToolFormat,
  FakeLlmScript,
  FakeLlmScriptInput,
} from './script/fake-llm-script.js';
export type { LlmError, LlmStep, LlmToolCall, LlmUsage } from './script/llm-step.js';
export type { FakeLlmModel } from './models/fake-llm-model.js';

// Chat completions dialects
export { chatCompletionsDialects, resolveChatCompletionsQuirks } from './openai/chat-completions-dialect.js';
export { finishReasonsByStopReason } from './openai/map-stop-reason-to-finish-reason.js';
export type { ChatCompletionsDialect, ChatCompletionsQuirks } from './openai/chat-completions-dialect.js';

// Records
export type { FakeLlmViolation, FakeLlmViolationType } from './records/fake-llm-violation.js';
export type { RecordedRequest } from './records/recorded-request.js';
export type {
  StreamPosition,
  StreamRecord,
  StreamStatus,
  XmlToolBlocksRecord,
} from './records/stream-record.js';
export type { ThreadBytes } from './threads/thread-bytes.js';
