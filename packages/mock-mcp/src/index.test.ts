import { describe, expect, it } from 'vitest';
import * as mockMcp from './index.js';

describe('@toolloop/mock-mcp', () => {
  it('exports exactly its public values', () => {
    expect(Object.keys(mockMcp).sort()).toEqual([
      'MockSpecError',
      'createMockMcpServer',
      'createMockStdioParameters',
      'loadMockServerSpec',
      'mockCrashExitCode',
      'mockMcpBinPath',
      'mockServerSpecSchema',
      'mockTransports',
      'parseMockServerSpec',
      'parseMockServerSpecText',
      'readMockCallRecord',
    ]);
  });

  it('keeps the spec utilities it shares with the scenario runner in the unlisted internal entry', async () => {
    const internal = await import('@toolloop/mock-mcp/internal');

    expect(Object.keys(internal).sort()).toEqual([
      'MockSpecError',
      'formatFieldPath',
      'locateYamlNode',
      'matchesPartially',
      'mockServerSpecSchema',
      'parseMockServerSpecText',
      'readYamlDocument',
    ]);
  });
});
