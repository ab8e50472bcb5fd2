import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listPublishablePackages } from './packaging/list-publishable-packages.js';

const workspaceRoot = join(import.meta.dirname, '..', '..');
const packages = await listPublishablePackages(workspaceRoot);

/** Every JavaScript entry of every published package, as `<package>` or `<package>/<subpath>`. */
const entries = packages.flatMap(({ name, manifest }) =>
  Object.keys(manifest.exports ?? {})
    .filter((subpath) => !subpath.endsWith('.json'))
    .map((subpath) => (subpath === '.' ? name : `${name}/${subpath.slice(2)}`)),
);

interface ErrorClass {
  name: string;
  isInstance?: unknown;
  prototype: { toJSON?: unknown };
}

function isErrorClass(value: unknown): value is ErrorClass {
  return typeof value === 'function' && value.prototype instanceof Error;
}

describe.each(entries)('the error classes %s exports', (entry) => {
  it('each follow the core error base: its own isInstance, a toJSON, and the name it is exported as', async () => {
    const exported = (await import(entry)) as Record<string, unknown>;
    const errorClasses = Object.entries(exported).filter(([, value]) => isErrorClass(value));

    for (const [name, value] of errorClasses) {
      const errorClass = value as ErrorClass;
      const parent: unknown = Object.getPrototypeOf(errorClass);
      const inherited =
        typeof parent === 'function' && 'isInstance' in parent ? parent.isInstance : undefined;

      expect({
        name,
        isInstance: typeof errorClass.isInstance,
        toJSON: typeof errorClass.prototype.toJSON,
      }).toEqual({
        name: errorClass.name,
        isInstance: 'function',
        toJSON: 'function',
      });
      expect(
        errorClass.isInstance === inherited && name !== 'ToolloopError',
        `${name} has its own isInstance`,
      ).toBe(false);
    }
  });
});
