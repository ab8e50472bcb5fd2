/**
 * The attribute names of OpenTelemetry's semantic conventions for generative AI (`gen_ai.*`, development
 * status), and the few of toolloop's own (`toolloop.*`). https://opentelemetry.io/docs/specs/semconv/gen-ai/
 */
export const genAi = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  agentName: 'gen_ai.agent.name',
  requestModel: 'gen_ai.request.model',
  requestMaxTokens: 'gen_ai.request.max_tokens',
  responseFinishReasons: 'gen_ai.response.finish_reasons',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  cacheReadTokens: 'gen_ai.usage.cache_read.input_tokens',
  cacheWriteTokens: 'gen_ai.usage.cache_creation.input_tokens',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
  outputMessages: 'gen_ai.output.messages',
  errorType: 'error.type',
} as const;

export const toolloopAttributes = {
  stopReason: 'toolloop.stop_reason',
  rounds: 'toolloop.rounds',
  iterations: 'toolloop.iterations',
  toolExecuted: 'toolloop.tool.executed',
} as const;
