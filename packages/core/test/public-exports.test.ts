import { describe, expect, it } from 'vitest';

describe('public exports', () => {
  it('@toolloop/core exports exactly these values', async () => {
    const core = await import('@toolloop/core');

    expect(Object.keys(core).sort()).toEqual([
      'HookError',
      'InvalidArgumentError',
      'InvalidOutputError',
      'InvalidToolInputError',
      'ModelError',
      'ToolSourceError',
      'ToolTimeoutError',
      'ToolloopError',
      'TurnAbortedError',
      'TurnTimeoutError',
      'addUsage',
      'checkToolLoopOptionNames',
      'createEmptyUsage',
      'createToolOutput',
      'createToolSource',
      'defaultProgressivePrompt',
      'defineTool',
      'formatToolName',
      'isBuiltinStopReason',
      'isToolSource',
      'parseToolInput',
      'readToolInputValue',
      'redactUrl',
      'redactUrlSecrets',
      'runToolLoop',
      'statusLines',
      'stopReasons',
      'toToolOutput',
    ]);
  });

  it('@toolloop/core/testing exports exactly these values', async () => {
    const testing = await import('@toolloop/core/testing');

    expect(Object.keys(testing).sort()).toEqual([
      'collectRun',
      'createLeftoverTracker',
      'createScriptedModel',
    ]);
  });

  it('@toolloop/core/session exports exactly these values', async () => {
    const session = await import('@toolloop/core/session');

    expect(Object.keys(session).sort()).toEqual([
      'ApprovalPendingError',
      'InvalidConfigError',
      'MissingSecretError',
      'SessionBusyError',
      'SessionConflictError',
      'SessionManager',
      'SessionNotFoundError',
      'apiKeyEnvironmentVariables',
      'createFileSessionStore',
      'createMemorySessionStore',
      'fileLoopOptionsSchema',
      'llmConfigSchema',
      'parseLlmConfig',
      'sessionLoopConfigSchema',
      'sessionOptionNames',
    ]);
  });

  it('@toolloop/core/mcp exports exactly these values', async () => {
    const mcp = await import('@toolloop/core/mcp');

    expect(Object.keys(mcp).sort()).toEqual([
      'connectMcpServers',
      'convertSamplingMessages',
      'createMemoryTokenStore',
      'createSamplingHandler',
      'createSharedJsonSchemaValidator',
      'mapMcpToolResult',
      'validateMcpServersConfig',
    ]);
  });

  it('@toolloop/core/xml exports exactly these values', async () => {
    const xml = await import('@toolloop/core/xml');

    expect(Object.keys(xml).sort()).toEqual([
      'createXmlToolParser',
      'describeXmlTools',
      'secondToolBlockFinishReason',
      'withXmlTools',
    ]);
  });
});
