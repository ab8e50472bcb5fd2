// The mock server
export { createMockMcpServer } from './server/create-mock-mcp-server.js';
export type { MockMcpServer, MockMcpServerOptions, MockTurnStart } from './server/create-mock-mcp-server.js';
export type { MockHttpListener, MockHttpOptions } from './server/listen-http.js';

// Calls
export type {
  MockCallOutcome,
  MockElicitationExchange,
  MockRootsExchange,
  MockSamplingExchange,
  MockToolCall,
} from './server/mock-tool-call.js';

// Specs
export { loadMockServerSpec, parseMockServerSpecText } from './spec/load-mock-server-spec.js';
export { parseMockServerSpec } from './spec/parse-mock-server-spec.js';
export { mockServerSpecSchema, mockTransports } from './spec/mock-server-spec-schema.js';
export type { MockServerSpec, MockServerSpecInput } from './spec/mock-server-spec-schema.js';
export type { MockTool, MockToolInput } from './spec/mock-tool-schema.js';
export type {
  MockToolChange,
  MockToolChangeInput,
  MockToolChangeTrigger,
} from './spec/tool-change-schema.js';
export type { MockResponse, MockResponseInput } from './spec/mock-response-schema.js';
export type { MockResponseAction } from './spec/mock-response.js';
export type { SampleSpec } from './spec/sample-spec-schema.js';
export type { ElicitSpec } from './spec/elicit-spec-schema.js';
export type { InputQuestion, InputRequiredSpec } from './spec/input-required-spec-schema.js';
export type { FollowUpResponse } from './spec/follow-up-response-schema.js';
export type { LogLevel, LogMessage } from './spec/log-message-schema.js';
export type { MockResource } from './spec/mock-resource-schema.js';
export type { MockResourceTemplate } from './spec/mock-resource-template-schema.js';
export type { ResourceResponse } from './spec/resource-response-schema.js';
export type { MockPrompt } from './spec/mock-prompt-schema.js';
export type { PromptResponse } from './spec/prompt-response-schema.js';
export type { ProgressStep } from './spec/progress-step-schema.js';
export type { MockContentBlock } from './spec/content-block-schema.js';
export type { MockSamplingMessage } from './spec/sampling-message-schema.js';
export type { McpToolDefinition } from './spec/tool-definition-fields.js';
export type { JsonRecord, ObjectJsonSchema } from './spec/json-object-schema.js';

// Errors
export { MockSpecError } from './errors/mock-spec-error.js';
export type { MockSpecIssue } from './errors/mock-spec-error.js';

// The stdio command
export { mockMcpBinPath } from './bin/mock-mcp-bin-path.js';
export { mockCrashExitCode } from './bin/run-mock-mcp-cli.js';
export { createMockStdioParameters } from './bin/create-mock-stdio-parameters.js';
export { readMockCallRecord } from './bin/read-mock-call-record.js';
export type { MockStdioParameters } from './bin/create-mock-stdio-parameters.js';
