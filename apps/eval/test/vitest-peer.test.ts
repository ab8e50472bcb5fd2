import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const source = join(import.meta.dirname, '..', 'src');

/**
 * The modules `entry` loads when it runs: the files reached through relative imports (type-only imports load
 * nothing) and the packages any of them import.
 */
async function findRuntimeImports(entry: string): Promise<{ files: string[]; packages: string[] }> {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  const importPattern =
    /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm;
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const match of (await readFile(file, 'utf8')).matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  }
  return { files: [...files].map((file) => relative(source, file)).sort(), packages: [...packages].sort() };
}

describe('vitest, an optional peer of @toolloop/eval', () => {
  it.each(['bin/toolloop-eval.ts', 'index.ts'])('is not loaded by %s', async (entry) => {
    const { files, packages } = await findRuntimeImports(join(source, entry));

    expect(files).toContain('run/run-scenarios.ts');
    expect(files.filter((file) => file.startsWith('vitest/'))).toEqual([]);
    expect(packages.filter((name) => name === 'vitest' || name.startsWith('vitest/'))).toEqual([]);
  });

  it('is loaded by @toolloop/eval/vitest', async () => {
    const { packages } = await findRuntimeImports(join(source, 'vitest', 'index.ts'));

    expect(packages).toContain('vitest');
  });
});
