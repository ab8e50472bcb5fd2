import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';

const guide = readFileSync(join(import.meta.dirname, '../../docs/observability.md'), 'utf8');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('docs/observability.md', () => {
  it('shows examples/src/telemetry-example.ts as it is, and what it prints when it runs', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => {
      lines.push(format(...values));
    });
    const match = /```ts\n([\s\S]*?)```\n\nIt prints:\n\n```text\n([\s\S]*?)```/.exec(guide);

    await import('./telemetry-example.js');

    expect(match?.[1]).toBe(readFileSync(join(import.meta.dirname, 'telemetry-example.ts'), 'utf8'));
    expect(`${lines.join('\n')}\n`).toBe(match?.[2]);
  });
});
