import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');
const vendorPackages = ['@anthropic-ai/sdk', 'openai', 'msw', '@modelcontextprotocol/sdk', 'ai', '@ai-sdk/'];
/** Subpaths that may use a heavy dependency of their own (DESIGN.md: MCP lives behind `@toolloop/core/mcp`). */
const subpathsWithOwnDependencies = ['src/mcp/'];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const isVendor = (specifier: string) =>
  vendorPackages.some(
    (vendor) => specifier === vendor || specifier.startsWith(vendor.endsWith('/') ? vendor : `${vendor}/`),
  );

describe('core stays provider-agnostic', () => {
  it('declares no provider SDK, msw or MCP SDK as a runtime dependency', () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };

    expect(Object.keys(manifest.dependencies ?? {}).filter(isVendor)).toEqual([]);
  });

  it('imports none of them from its root entry or the modules it reaches', () => {
    const offenders = sourceFiles(join(packageDir, 'src')).flatMap((file) => {
      const path = relative(packageDir, file);
      if (subpathsWithOwnDependencies.some((prefix) => path.startsWith(prefix))) return [];
      const specifiers = [...readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'/g)].map(
        (match) => match[1] ?? '',
      );
      return specifiers.filter(isVendor).map((specifier) => `${path} imports ${specifier}`);
    });

    expect(offenders).toEqual([]);
  });
});
