import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the README example', () => {
  it('is exactly examples/src/weather-example.ts, which the build type-checks', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const example = readFileSync(join(import.meta.dirname, 'weather-example.ts'), 'utf8');
    const block = /## The loop in 20 lines\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1];

    expect(block).toBe(example);
  });
});
