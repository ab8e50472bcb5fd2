import { Alias } from 'yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readYamlDocument } from './read-yaml-document.js';

function valueOf(text: string): unknown {
  const read = readYamlDocument({ text, expected: 'a mapping' });
  if (!read.success) throw new Error(read.issues.map((issue) => issue.message).join('\n'));
  return read.value;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('readYamlDocument', () => {
  it('gives each alias the value of the last anchor of its name before it', () => {
    expect(valueOf('a: &x 1\nb: *x\nc: &x { n: 2 }\nd: *x\ne: [*x, *x]\n')).toEqual({
      a: 1,
      b: 1,
      c: { n: 2 },
      d: { n: 2 },
      e: [{ n: 2 }, { n: 2 }],
    });
  });

  it('expands aliases without resolving them one by one (each resolution searches the whole document)', () => {
    const resolve = vi.spyOn(Alias.prototype, 'resolve');
    const anchors = Array.from({ length: 500 }, (_unused, index) => `a${index}: &a${index} ${index}\n`);
    const aliases = Array.from({ length: 500 }, (_unused, index) => `*a${index}`).join(', ');

    const value = valueOf(`${anchors.join('')}all: [${aliases}]\n`) as { all: number[] };

    expect(value.all).toHaveLength(500);
    expect(value.all[499]).toBe(499);
    expect(resolve).not.toHaveBeenCalled();
  });
});
