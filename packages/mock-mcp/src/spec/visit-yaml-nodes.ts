import { isAlias, isMap, isScalar, isSeq, type Node } from 'yaml';

/**
 * The field path to a node, linked from its last segment back to the root (`undefined`), so that walking a
 * document never copies paths; `toFieldPath` spells one out when an issue needs it.
 */
export type FieldTrail = { parent: FieldTrail; segment: PropertyKey } | undefined;

/**
 * Calls `visit` for every node under `root` in document order (a collection before what it holds), with its
 * field trail. Keys are visited too, with the trail of their mapping. Aliases are visited, not followed.
 * Iterative, so that a deeply nested document cannot overflow the stack.
 */
export function visitYamlNodes(root: unknown, visit: (node: Node, trail: FieldTrail) => void): void {
  const stack: Array<{ node: unknown; trail: FieldTrail }> = [{ node: root, trail: undefined }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { node, trail } = next;
    if (!(isMap(node) || isSeq(node) || isScalar(node) || isAlias(node))) continue;
    visit(node, trail);
    if (isMap(node)) {
      for (const pair of [...node.items].reverse()) {
        stack.push({ node: pair.value, trail: { parent: trail, segment: keyName(pair.key) } });
        stack.push({ node: pair.key, trail });
      }
    } else if (isSeq(node)) {
      for (let index = node.items.length - 1; index >= 0; index -= 1) {
        stack.push({ node: node.items[index], trail: { parent: trail, segment: index } });
      }
    }
  }
}

/** The field path a trail leads along, from the root. */
export function toFieldPath(trail: FieldTrail): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let step = trail; step !== undefined; step = step.parent) path.push(step.segment);
  return path.reverse();
}

/** A key as a field path segment: a scalar's value, else `?` (a mapping or list used as a key). */
export function keyName(key: unknown): string {
  return isScalar(key) ? String(key.value) : '?';
}
