import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { readDocSection } from './doc-section.js';
import { afterEach, describe, expect, it, vi } from 'vitest';

const guide = readFileSync(join(import.meta.dirname, '../../docs/cost.md'), 'utf8');
const directory = join(import.meta.dirname, 'cost');
const files = readdirSync(directory).filter((file) => file.endsWith('.ts'));

/** The code block after the file's name in the guide, and the output block after it. */
function sectionOf(file: string): { code: string | undefined; output: string | undefined } {
  return readDocSection(guide, `examples/src/cost/${file}`);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('docs/cost.md', () => {
  it('has a section for every file of examples/src/cost, and nothing else', () => {
    const shown = [...guide.matchAll(/`examples\/src\/cost\/([a-z-]+\.ts)`:/g)].map((match) => match[1]);

    expect(shown.sort()).toEqual([...files].sort());
  });

  it.each(files)('shows %s as it is, and what it prints when it runs', async (file) => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => {
      // What console.log would have printed.
      lines.push(format(...values));
    });
    const { code, output } = sectionOf(file);

    await import(`./cost/${file}`);

    expect(code).toBe(readFileSync(join(directory, file), 'utf8'));
    expect(lines.map((line) => `${line}\n`).join('')).toBe(output);
  });
});
