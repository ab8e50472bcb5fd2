import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readDocSection } from './doc-section.js';

const guide = readFileSync(join(import.meta.dirname, '../../docs/multi-host.md'), 'utf8');
const directory = join(import.meta.dirname, 'multi-host');
const files = readdirSync(directory).filter((file) => file.endsWith('.ts'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('docs/multi-host.md', () => {
  it.each(files)('shows %s as it is, and what it prints when it runs', async (file) => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => {
      lines.push(format(...values));
    });
    const { code, output } = readDocSection(guide, `examples/src/multi-host/${file}`);

    await import(`./multi-host/${file}`);

    expect(code).toBe(readFileSync(join(directory, file), 'utf8'));
    expect(lines.map((line) => `${line}\n`).join('')).toBe(output);
  });
});
