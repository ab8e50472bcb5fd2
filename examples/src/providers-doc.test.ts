import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';

const directory = join(import.meta.dirname, 'providers');
const files = readdirSync(directory).filter((file) => file.endsWith('.ts'));

/** The page of docs/providers that shows `file`, its code block, and the output block after it. */
function sectionOf(file: string): { code: string | undefined; output: string | undefined } {
  const page = readFileSync(
    join(import.meta.dirname, '../../docs/providers', file.replace(/\.ts$/u, '.md')),
    'utf8',
  );
  const start = page.indexOf(`\`examples/src/providers/${file}\`:`);
  const match = /```ts\n([\s\S]*?)```\n\nIt prints:\n\n```text\n([\s\S]*?)```/u.exec(page.slice(start));
  return { code: start === -1 ? undefined : match?.[1], output: match?.[2] };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('docs/providers', () => {
  it.each(files)('shows %s as it is on its wire’s page, and what it prints when it runs', async (file) => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => {
      lines.push(format(...values));
    });

    await import(`./providers/${file}`);

    const { code, output } = sectionOf(file);
    expect(code).toBe(readFileSync(join(directory, file), 'utf8'));
    expect(lines.map((line) => `${line}\n`).join('')).toBe(output);
  });
});
