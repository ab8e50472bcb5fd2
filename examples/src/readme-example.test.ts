import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stopReasons } from '@toolloop/core';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');

describe('the README', () => {
  it('shows as its loop example exactly examples/src/weather-example.ts, which the build type-checks', () => {
    const example = readFileSync(join(import.meta.dirname, 'weather-example.ts'), 'utf8');
    const block = /## The loop in 20 lines\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1];

    expect(block).toBe(example);
  });

  it('lists every built-in stop reason in its table', () => {
    const tableRows = readme.split('\n').filter((line) => line.startsWith('| `'));
    const listed = new Set(
      tableRows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([a-z_]+)`/g)].map((match) => match[1])),
    );

    expect(stopReasons.filter((reason) => !listed.has(reason))).toEqual([]);
  });
});
