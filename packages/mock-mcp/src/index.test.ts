import { describe, expect, it } from 'vitest';
import * as mockMcp from './index.js';

describe('@toolloop/mock-mcp', () => {
  it('exports exactly its public values', () => {
    expect(Object.keys(mockMcp).sort()).toEqual([
      'MockSpecError',
      'createMockMcpServer',
      'createMockStdioParameters',
      'formatFieldPath',
      'loadMockServerSpec',
      'locateYamlNode',
      'matchesPartially',
      'mockCrashExitCode',
      'mockMcpBinPath',
      'mockServerSpecSchema',
      'mockTransports',
      'parseMockServerSpec',
      'parseMockServerSpecText',
      'readMockCallRecord',
      'readYamlDocument',
    ]);
  });
});
