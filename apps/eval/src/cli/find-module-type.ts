import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ModuleType } from './init-files.js';

/**
 * Whether the `.ts` files written into `directory` are ES modules or CommonJS, as Node.js and TypeScript
 * (`module: nodenext`) decide it: by the `type` of the nearest `package.json` at or above it. CommonJS unless it
 * says `"module"`, as in a project made with `npm init -y` or with no `package.json` at all.
 */
export async function findModuleType(directory: string): Promise<ModuleType> {
  for (let current = directory; ; current = dirname(current)) {
    const text = await readFile(join(current, 'package.json'), 'utf8').catch(() => undefined);
    if (text !== undefined) return readType(text) === 'module' ? 'module' : 'commonjs';
    if (dirname(current) === current) return 'commonjs';
  }
}

function readType(text: string): unknown {
  try {
    return (JSON.parse(text) as { type?: unknown }).type;
  } catch {
    // A package.json Node.js cannot read either: what the files are is for Node.js to say when they run.
    return undefined;
  }
}
