import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceDirectory = path.resolve(import.meta.dirname, '../src');
const specifierPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** Every package a module reaches through its relative imports (type imports included), found by reading the source. */
function packagesReachedFrom(entry: string): string[] {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const pending = [path.join(sourceDirectory, entry)];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(specifierPattern)) {
      if (specifier.startsWith('.'))
        pending.push(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  }
  return [...packages].sort();
}

describe('provider subpaths', () => {
  it('@toolloop/providers/openai reaches only the openai SDK and core, never @anthropic-ai/sdk', () => {
    const reached = packagesReachedFrom('openai/index.ts');
    expect(reached.filter((specifier) => specifier !== 'openai' && !specifier.startsWith('openai/'))).toEqual(
      ['@toolloop/core', '@toolloop/core/internal', '@toolloop/models'],
    );
    expect(reached).toContain('openai');
  });

  it('@toolloop/providers/gemini reaches only @google/genai, core and models', () => {
    const reached = packagesReachedFrom('gemini/index.ts');
    expect(reached).toEqual(['@google/genai', '@toolloop/core', '@toolloop/models']);
  });

  it('@toolloop/providers/anthropic never reaches the openai SDK', () => {
    const reached = packagesReachedFrom('anthropic/index.ts');
    expect(reached.filter((specifier) => !specifier.startsWith('@anthropic-ai/sdk'))).toEqual([
      '@toolloop/core',
      '@toolloop/core/internal',
      '@toolloop/models',
    ]);
  });

  it('@toolloop/providers/ollama reaches only the ollama client, core and the catalogue', () => {
    expect(packagesReachedFrom('ollama/index.ts')).toEqual(['@toolloop/core', '@toolloop/models', 'ollama']);
  });

  it('@toolloop/providers/bedrock reaches only the AWS SDK, core and the models, never @anthropic-ai/sdk or openai', () => {
    expect(packagesReachedFrom('bedrock/index.ts')).toEqual([
      '@aws-sdk/client-bedrock-runtime',
      '@toolloop/core',
      '@toolloop/models',
    ]);
  });
});
