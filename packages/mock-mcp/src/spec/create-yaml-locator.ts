import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter, type Node, type Pair } from 'yaml';
import type { SourcePosition } from './locate-yaml-node.js';
import type { LocateField } from './to-spec-issues.js';

/**
 * A `locate` for every field path of one parsed YAML (or JSON) document, as `locateYamlNode` finds them. Each
 * mapping's keys are indexed the first time it is searched, so locating every field of a document costs time
 * in proportion to its size, however many fields it has.
 */
export function createYamlLocator({
  document,
  lineCounter,
}: {
  document: Document;
  lineCounter: LineCounter;
}): LocateField {
  const indexes = new WeakMap<object, Map<string, Pair>>();
  const findPair = (map: { items: Pair[] }, key: string): Pair | undefined => {
    let index = indexes.get(map);
    if (index === undefined) {
      index = new Map();
      for (const pair of map.items) {
        // The first of two equal keys wins, as a search from the start would find it.
        if (isScalar(pair.key) && !index.has(String(pair.key.value))) index.set(String(pair.key.value), pair);
      }
      indexes.set(map, index);
    }
    return index.get(key);
  };

  return ({ path, target }) => {
    let node: unknown = document.contents;
    let found: Node | undefined = isLocatable(node) ? node : undefined;
    for (const [index, segment] of path.entries()) {
      if (isAlias(node)) break;
      if (isMap(node)) {
        const pair = findPair(node, String(segment));
        if (pair === undefined) break;
        if (index === path.length - 1 && target === 'key' && isLocatable(pair.key)) {
          found = pair.key;
          break;
        }
        node = pair.value;
      } else if (isSeq(node) && typeof segment === 'number') {
        node = node.items[segment];
      } else {
        break;
      }
      if (!isLocatable(node)) break;
      found = node;
    }
    return toPosition(found, lineCounter);
  };
}

function toPosition(node: Node | undefined, lineCounter: LineCounter): SourcePosition | undefined {
  const offset = node?.range?.[0];
  if (offset === undefined) return undefined;
  const position = lineCounter.linePos(offset);
  return { line: position.line, column: position.col };
}

/** A node a position can point at: a collection, a scalar, or an alias (where the user wrote it). */
function isLocatable(value: unknown): value is Node {
  return isMap(value) || isSeq(value) || isScalar(value) || isAlias(value);
}
