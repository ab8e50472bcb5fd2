// Running scenarios
export { runScenarios } from './run/run-scenarios.js';
export { runScenario } from './run/run-scenario.js';
export type { ExitCode, RunScenariosOptions } from './run/run-scenarios.js';
export type { LeftoverCheck } from './run/leftover-check.js';
export type { ScenarioMode } from './run/run-scenario.js';
export type { LiveModeOptions, RecordModeOptions } from './run/scenario-mode.js';

// Live runs, recordings and their replay
export { LiveSetupError } from './record/resolve-live-upstream.js';
export type { LiveOptions } from './record/resolve-live-upstream.js';
export { readRecording } from './record/read-recording.js';
export { writeRecording } from './record/write-recording.js';
export { recordingDirectoryOf } from './record/recording-directory.js';
export type { RecordingWireOption } from './record/recording-directory.js';
export { RecordingFileError } from './record/recording-file-error.js';
export type { RecordingRedaction } from './record/redact-recording.js';
export type { RecordingOutcome } from './report/run-report.js';
export type {
  Recording,
  RecordedTurn,
  RecordedModelExchange,
  RecordedModelRequest,
  RecordedModelResponse,
  RecordedToolCall,
} from './record/recording.js';

// Agents under test
export { defineAgent, isAgent } from './agent/define-agent.js';
export type {
  Agent,
  AgentDefinition,
  AgentLoopOptions,
  AgentRunContext,
  AgentSessionConfig,
  AgentSystemContext,
  AgentTool,
  DeclarativeAgentDefinition,
  RunAgentDefinition,
  SessionAgentDefinition,
} from './agent/define-agent.js';

// The config file
export { defineConfig } from './config/define-config.js';
export { configSchema } from './config/config-schema.js';
export { findConfigFile } from './config/find-config-file.js';
export { loadConfigFile } from './config/load-config-file.js';
export type { ToolloopConfig } from './config/config-schema.js';
export type { LoadedConfig } from './config/load-config-file.js';

// Scenario files
export { scenarioSchema } from './scenario/scenario-schema.js';
export { createScenarioJsonSchema } from './scenario/create-scenario-json-schema.js';
export { loadScenarioFile, parseScenarioText } from './scenario/load-scenario-file.js';
export { findScenarioFiles } from './scenario/find-scenario-files.js';
export { selectScenarios } from './scenario/select-scenarios.js';
export { ScenarioFileError, formatScenarioIssue } from './scenario/scenario-file-error.js';
export { EmptySelectionError } from './scenario/empty-selection-error.js';
export type { Scenario, ScenarioServer, ScenarioTurn } from './scenario/scenario-schema.js';
export type { LoadedScenario } from './scenario/load-scenario-file.js';
export type { LoadedAgent } from './scenario/check-scenario-agent.js';
export type { ScenarioDefaults } from './scenario/scenario-defaults.js';
export type { ScenarioIssue } from './scenario/scenario-file-error.js';
export type { ScenarioSelection, Shard } from './scenario/select-scenarios.js';
export type { Expectation } from './scenario/expectation-schema.js';
export type { LlmStep } from '@toolloop/fake-llm';

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
  ReporterOptions,
  RunReport,
  RunStartInfo,
  RunSummary,
  ScenarioFailure,
  ScenarioPlace,
  ScenarioResult,
  TimelineEntry,
  TurnReport,
} from './report/index.js';
export type { JudgeVerdict } from './judge/run-judge.js';
export type { HonestyVerdict } from './judge/check-honesty.js';
export type { SimulatedReply } from './side/simulated-user.js';
