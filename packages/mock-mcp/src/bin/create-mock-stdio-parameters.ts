import type { MockServerSpecInput } from '../spec/mock-server-spec-schema.js';
import { mockMcpBinPath } from './mock-mcp-bin-path.js';

/** How to spawn a mock server as a child process, in the shape of the SDK's `StdioServerParameters`. */
export interface MockStdioParameters {
  command: string;
  args: string[];
}

/**
 * The command that serves a mock server over stdio: this Node binary running the built `mock-mcp` script with
 * the spec inline (`--spec-json`) or from a file (`--spec`), and `--record` when `recordPath` is given.
 *
 * @example
 * const transport = new StdioClientTransport(createMockStdioParameters({ spec: { tools: [...] } }));
 */
export function createMockStdioParameters(options: {
  spec: MockServerSpecInput | { file: string };
  recordPath?: string;
}): MockStdioParameters {
  const { spec, recordPath } = options;
  const specArguments = 'file' in spec ? ['--spec', spec.file] : ['--spec-json', JSON.stringify(spec)];
  return {
    command: process.execPath,
    args: [mockMcpBinPath, ...specArguments, ...(recordPath === undefined ? [] : ['--record', recordPath])],
  };
}
