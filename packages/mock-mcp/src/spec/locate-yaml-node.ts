import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';

/** A 1-based line and column in a source file. */
export interface SourcePosition {
  line: number;
  column: number;
}

/**
 * Finds where a field path is in a parsed YAML (or JSON) document. `target: 'key'` points at the key of the
 * last segment (for unknown fields); otherwise at its value. A path that runs past the document (a missing
 * field) points at the deepest node that exists.
 */
export function locateYamlNode(options: {
  document: Document;
  lineCounter: LineCounter;
  path: readonly PropertyKey[];
  target?: 'key' | 'value';
}): SourcePosition | undefined {
  const { document, lineCounter, path, target = 'value' } = options;
  let node: unknown = document.contents;
  let found: Node | undefined = isNode(node) ? node : undefined;
  for (const [index, segment] of path.entries()) {
    const isLast = index === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isScalar(item.key) && String(item.key.value) === String(segment),
      );
      if (pair === undefined) break;
      if (isLast && target === 'key' && isNode(pair.key)) {
        found = pair.key;
        break;
      }
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      node = node.items[segment];
    } else {
      break;
    }
    if (!isNode(node)) break;
    found = node;
  }
  const offset = found?.range?.[0];
  if (offset === undefined) return undefined;
  const position = lineCounter.linePos(offset);
  return { line: position.line, column: position.col };
}

function isNode(value: unknown): value is Node {
  return isMap(value) || isSeq(value) || isScalar(value);
}
