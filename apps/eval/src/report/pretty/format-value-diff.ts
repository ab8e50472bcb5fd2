import type { JsonValue } from '@toolloop/core';
import { collapseUnchanged } from '../diff/collapse-unchanged.js';
import { diffValues } from '../diff/diff-values.js';
import { escapeControlCharacters } from '../escape-control-characters.js';
import type { Colors } from './colors.js';

/**
 * An expected/actual diff as terminal lines (without indentation): `expected:`/`actual:` for short values,
 * otherwise a `-`/`+` line diff with long unchanged runs collapsed.
 */
export function formatValueDiff({
  expected,
  actual,
  colors,
}: {
  expected: JsonValue;
  actual: JsonValue;
  colors: Colors;
}): string[] {
  const diff = diffValues({ expected, actual });
  switch (diff.type) {
    case 'none':
      return [];
    case 'values':
      return [
        `${colors.green('expected:')} ${colors.green(escapeControlCharacters(diff.expected))}`,
        `${colors.red('actual:  ')} ${colors.red(escapeControlCharacters(diff.actual))}`,
      ];
    case 'lines':
      return [
        `${colors.green('- expected')} ${colors.red('+ actual')}`,
        ...collapseUnchanged({ lines: diff.lines }).map((line) => {
          switch (line.type) {
            case 'equal':
              return colors.dim(`  ${escapeControlCharacters(line.text)}`);
            case 'removed':
              return colors.green(`- ${escapeControlCharacters(line.text)}`);
            case 'added':
              return colors.red(`+ ${escapeControlCharacters(line.text)}`);
            case 'skipped':
              return colors.dim(`  … ${line.count} unchanged lines`);
            default: {
              const unknownLine: never = line;
              throw new Error(`Unknown diff line: ${JSON.stringify(unknownLine)}`);
            }
          }
        }),
      ];
    default: {
      const unknownDiff: never = diff;
      throw new Error(`Unknown diff: ${JSON.stringify(unknownDiff)}`);
    }
  }
}
