import { describe, expect, it } from 'vitest';

describe('public exports', () => {
  it('@toolloop/core exports exactly these values', async () => {
    const core = await import('@toolloop/core');

    expect(Object.keys(core).sort()).toEqual([
      'InvalidArgumentError',
      'InvalidConfigError',
      'InvalidToolInputError',
      'ModelError',
      'SessionManager',
      'SessionNotFoundError',
      'ToolSourceError',
      'ToolTimeoutError',
      'ToolloopError',
      'TurnAbortedError',
      'TurnTimeoutError',
      'addUsage',
      'apiKeyEnvironmentVariables',
      'createEmptyUsage',
      'createFileSessionStore',
      'createMemorySessionStore',
      'createToolSource',
      'defaultProgressivePrompt',
      'defineTool',
      'formatToolName',
      'isToolSource',
      'llmConfigSchema',
      'parseLlmConfig',
      'parseToolInput',
      'runToolLoop',
      'statusLines',
      'stopReasons',
      'toToolOutput',
    ]);
  });

  it('@toolloop/core/testing exports exactly these values', async () => {
    const testing = await import('@toolloop/core/testing');

    expect(Object.keys(testing).sort()).toEqual(['collectRun', 'createScriptedModel']);
  });

  it('@toolloop/core/mcp exports exactly these values', async () => {
    const mcp = await import('@toolloop/core/mcp');

    expect(Object.keys(mcp).sort()).toEqual([
      'connectMcpServers',
      'convertSamplingMessages',
      'createSamplingHandler',
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
