// Reporters: the interface, the built-ins by name, and the pieces they are made of.

// Reporter interface and the data reporters see
export type { Reporter, RunStartInfo, ScenarioPlace } from './reporter.js';
export type {
  RepeatSummary,
  RequestSummary,
  RunReport,
  RunSummary,
  ScenarioFailure,
  ScenarioResult,
  TimelineEntry,
  TurnReport,
} from './run-report.js';

// Built-in reporters by name
export { createReporters, isReporterName, reporters } from './reporters.js';
export type { ReporterName, ReporterOptions } from './reporters.js';

// Pretty (terminal and CI logs)
export { createPrettyReporter } from './pretty/create-pretty-reporter.js';
export type { PrettyReporterStream } from './pretty/create-pretty-reporter.js';

// JSON (report.json, the contract shape)
export { createJsonReporter } from './json/create-json-reporter.js';
export { toJsonReport, toJsonReportText } from './json/to-json-report.js';
export type { JsonReport, JsonScenario, JsonTurn } from './json/to-json-report.js';

// JUnit (junit.xml)
export { createJunitReporter } from './junit/create-junit-reporter.js';
export { toJunitXml } from './junit/to-junit-xml.js';

// HTML (report.html, timelines)
export { createHtmlReporter } from './html/create-html-reporter.js';
export { renderHtmlReport } from './html/render-html-report.js';

// Shared
export { createFileReporter } from './create-file-reporter.js';
export { createStreamingFileReporter } from './create-streaming-file-reporter.js';
export type { AssembleInput, StoredPart } from './create-streaming-file-reporter.js';
export type { ReportPathStream } from './create-file-reporter.js';
