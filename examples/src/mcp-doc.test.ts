import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { readDocSection } from './doc-section.js';
import { afterEach, describe, expect, it, vi } from 'vitest';

const guide = readFileSync(join(import.meta.dirname, '../../docs/mcp.md'), 'utf8');

/** The code block after the file's name in the guide, and the output block after it. */
function sectionOf(file: string): { code: string | undefined; output: string | undefined } {
  return readDocSection(guide, `examples/src/mcp/${file}`);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('docs/mcp.md', () => {
  it('shows both-eras.ts as it is, and what it prints against the two-revision server beside it', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => {
      lines.push(format(...values));
    });
    const { code, output } = sectionOf('both-eras.ts');

    await import('./mcp/both-eras.js');

    expect(code).toBe(readFileSync(join(import.meta.dirname, 'mcp/both-eras.ts'), 'utf8'));
    expect(lines.map((line) => `${line}\n`).join('')).toBe(output);
  }, 30_000);
});
