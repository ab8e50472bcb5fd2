import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolloopError } from '@toolloop/core';
import { MockSpecError } from '@toolloop/mock-mcp';
import { describe, expect, it } from 'vitest';

const workspaceRoot = join(import.meta.dirname, '..', '..');

// The mock MCP server depends on no toolloop package (core's MCP client is tested against it), so it carries a
// copy of core's error base; the `Symbol.for` markers make the two copies one base to `isInstance`.
describe("the mock MCP server's copy of the core error base", () => {
  it('is the same code as core’s, below its opening comment', async () => {
    const core = await readFile(join(workspaceRoot, 'packages/core/src/errors/toolloop-error.ts'), 'utf8');
    const copy = await readFile(
      join(workspaceRoot, 'packages/mock-mcp/src/errors/toolloop-error.ts'),
      'utf8',
    );

    expect(copy.replace(/^(\/\/.*\n)+/u, '')).toBe(core);
  });

  it("makes a MockSpecError a ToolloopError to core's isInstance", () => {
    const error = new MockSpecError({ issues: [{ path: 'tools[0].name', message: 'Required' }] });

    expect(ToolloopError.isInstance(error)).toBe(true);
    expect(MockSpecError.isInstance(new ToolloopError({ name: 'MockSpecError', message: 'x' }))).toBe(false);
  });
});
