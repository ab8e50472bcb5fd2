/**
 * The schemas of a session config and of a loop's options as a file gives them, which the scenario runner checks
 * scenario files with (`toolloop-eval list`, `validate`), without the session manager the public
 * `@toolloop/core/session` entry brings.
 *
 * @internal Not part of the public API: no semver promise, not documented, not in the API report. Only other
 * toolloop packages import it, at the version they were released with.
 * @packageDocumentation
 */
export { fileLoopOptionsSchema, sessionLoopConfigSchema } from '../session/session-loop-config.js';
export { parseLlmConfig } from '../session/parse-llm-config.js';
