// Running scenarios
export { runScenarios } from './run/run-scenarios.js';
export { runScenario } from './run/run-scenario.js';
export type { ExitCode, RunScenariosOptions } from './run/run-scenarios.js';

// Scenario files
export { scenarioSchema } from './scenario/scenario-schema.js';
export { createScenarioJsonSchema } from './scenario/create-scenario-json-schema.js';
export { loadScenarioFile, parseScenarioText } from './scenario/load-scenario-file.js';
export { findScenarioFiles } from './scenario/find-scenario-files.js';
export { selectScenarios, parseShard } from './scenario/select-scenarios.js';
export { ScenarioFileError, formatScenarioIssue } from './scenario/scenario-file-error.js';
export type { Scenario, ScenarioServer, ScenarioTurn } from './scenario/scenario-schema.js';
export type { LoadedScenario } from './scenario/load-scenario-file.js';
export type { ScenarioIssue } from './scenario/scenario-file-error.js';
export type { ScenarioSelection, Shard } from './scenario/select-scenarios.js';
export type { Expectation } from './scenario/expectation-schema.js';
export type { LlmStep } from './scenario/llm-step-schema.js';

// Reporters
export {
  createHtmlReporter,
  createJsonReporter,
  createJunitReporter,
  createPrettyReporter,
  createReporters,
  reporters,
} from './report/index.js';
export type {
  Reporter,
  ReporterName,
  RunReport,
  RunStartInfo,
  RunSummary,
  ScenarioFailure,
  ScenarioResult,
  TimelineEntry,
  TurnReport,
} from './report/index.js';

// The command line
export { createProgram, runProgram } from './cli/create-program.js';
export type { ProgramOutput } from './cli/create-program.js';
