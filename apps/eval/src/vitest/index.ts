// Scenarios as vitest tests
export { describeScenarios } from './describe-scenarios.js';
export { ScenarioAssertionError } from './scenario-assertion-error.js';
export type { DescribeScenariosOptions } from './describe-scenarios.js';

// Matchers for loop results
export { toolloopMatchers } from './toolloop-matchers.js';
export type { ToolloopMatchers } from './toolloop-matchers.js';
export type { ExpectedToolCall, ToolCallMatchOptions } from './expected-tool-call.js';
export type { JudgeMatcherOptions } from './to-satisfy-judge.js';
