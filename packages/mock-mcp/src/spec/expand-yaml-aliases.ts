import { isAlias, isMap, isPair, isScalar, isSeq, type Document } from 'yaml';

interface Slot {
  get(): unknown;
  set(node: unknown): void;
}

/**
 * A copy of a document in which every alias is replaced by the node its anchor marks (the last anchor of its
 * name before it), so that converting the copy to JavaScript resolves no alias: the parser resolves each alias
 * by searching every anchor and alias of the document, which is quadratic. Each alias becomes a copy of its
 * value rather than the same object. Only for a document `checkYamlAliases` accepted (no alias inside its own
 * value, a bounded expansion).
 */
export function expandYamlAliases(document: Document): Document {
  const copy = document.clone();
  const anchors = new Map<string, unknown>();
  const stack: Slot[] = [
    {
      get: () => copy.contents,
      set: (node) => {
        copy.contents = node as Document['contents'];
      },
    },
  ];
  for (let slot = stack.pop(); slot !== undefined; slot = stack.pop()) {
    const node = slot.get();
    if (isAlias(node)) {
      slot.set(anchors.get(node.source));
      continue;
    }
    if (!(isScalar(node) || isMap(node) || isSeq(node))) continue;
    if (node.anchor !== undefined) anchors.set(node.anchor, node);
    if (isScalar(node)) continue;
    const items: unknown[] = node.items;
    for (let index = items.length - 1; index >= 0; index -= 1) {
      const item = items[index];
      if (isPair(item)) {
        stack.push({ get: () => item.value, set: (value) => void (item.value = value) });
        stack.push({ get: () => item.key, set: (key) => void (item.key = key) });
      } else {
        stack.push({ get: () => items[index], set: (value) => void (items[index] = value) });
      }
    }
  }
  return copy;
}
