/**
 * What other toolloop packages share with core without making it public. The few parts of core the scenario
 * runner's quick commands need (`toolloop-eval --version`, `list`, `validate`):
 * errors, the loop options' names and the stop reasons (the schemas of a session config, which load zod, are in
 * `@toolloop/core/internal/session`). Each is exported from here straight
 * from its own module, so that a command that only reads scenario files loads a few dozen of core's modules, not
 * the loop, the session manager and the MCP client the public entry points bring. The classes are the same
 * ones the public entry points export: `instanceof` holds across them. And what the providers keep their
 * conversions of earlier messages with (`createPartMemo`, `createConversationMemo`), which core's own token estimate
 * uses too.
 *
 * @internal Not part of the public API: no semver promise, not documented, not in the API report. Only other
 * toolloop packages import it, at the version they were released with.
 * @packageDocumentation
 */
export { ToolloopError } from '../errors/toolloop-error.js';
export { InvalidArgumentError } from '../errors/invalid-argument-error.js';
export { InvalidConfigError } from '../errors/invalid-config-error.js';
export { checkToolLoopOptionNames } from '../options/check-tool-loop-options.js';
export { isBuiltinStopReason, stopReasons } from '../loop/stop-reason.js';
export { isToolSource } from '../tools/tool-source.js';
export { createPartMemo, type PartMemo } from '../model/create-part-memo.js';
export { createConversationMemo, type ConversationMemo } from '../model/create-conversation-memo.js';
