import { isAlias, isMap, isSeq, type Alias, type Document, type LineCounter, type Node } from 'yaml';
import { visitYamlNodes, type FieldTrail } from './visit-yaml-nodes.js';
import { createYamlIssue, type YamlIssue } from './yaml-issue.js';

/** The most values aliases may add to a document once expanded: far above any real reuse, far below a bomb. */
export const maxAliasedValues = 10_000;

/**
 * The first problem with a document's aliases, or `undefined`: an alias that names no anchor before it, one
 * inside the value its own anchor marks (it would never end), or aliases that expand the document by more than
 * `maxAliasedValues` values (a "billion laughs"). Each alias resolves to the last anchor of its name before it,
 * as the YAML parser resolves it; expanded sizes are remembered per node, so this is linear in the document.
 */
export function checkYamlAliases({
  document,
  lineCounter,
}: {
  document: Document;
  lineCounter: LineCounter;
}): YamlIssue | undefined {
  const anchors = new Map<string, Node>();
  const aliases: Array<{ alias: Alias; trail: FieldTrail; target: Node | undefined }> = [];
  visitYamlNodes(document.contents, (node, trail) => {
    if (isAlias(node)) {
      aliases.push({ alias: node, trail, target: anchors.get(node.source) });
    } else if (node.anchor !== undefined) {
      anchors.set(node.anchor, node);
    }
  });
  const targets = new Map(aliases.map(({ alias, target }) => [alias, target]));
  const sizes = createSizeCounter(targets);
  let added = 0;
  for (const { alias, trail, target } of aliases) {
    const issue = (message: string) => createYamlIssue({ at: alias, trail, message, lineCounter });
    if (target === undefined) {
      return issue(
        `The alias '*${alias.source}' names no anchor: write '&${alias.source}' on a value before it.`,
      );
    }
    const size = sizes(target);
    if (size.type === 'cycle') {
      const inner = aliases.find((entry) => entry.alias === size.alias) ?? { alias, trail };
      return createYamlIssue({
        at: inner.alias,
        trail: inner.trail,
        message: `The alias '*${inner.alias.source}' is inside the value its anchor '&${inner.alias.source}' marks, so it never ends.`,
        lineCounter,
      });
    }
    added += size.values;
    if (added > maxAliasedValues) {
      return issue(
        `Aliases expand this document to more than ${maxAliasedValues} values (here, '*${alias.source}'); write the values out or use fewer aliases.`,
      );
    }
  }
  return undefined;
}

type Size = { type: 'values'; values: number } | { type: 'cycle'; alias: Alias };

/** How many values a node stands for once its aliases are expanded, remembered per node. */
function createSizeCounter(targets: ReadonlyMap<Alias, Node | undefined>): (node: Node) => Size {
  const known = new Map<Node, number>();
  const open = new Set<Node>();
  const count = (node: unknown): Size => {
    if (isAlias(node)) {
      const target = targets.get(node);
      if (target === undefined) return { type: 'values', values: 0 };
      if (open.has(target)) return { type: 'cycle', alias: node };
      return count(target);
    }
    if (!(isMap(node) || isSeq(node))) return { type: 'values', values: 1 };
    const remembered = known.get(node);
    if (remembered !== undefined) return { type: 'values', values: remembered };
    open.add(node);
    let values = 1;
    const parts = isMap(node) ? node.items.flatMap((pair) => [pair.key, pair.value]) : node.items;
    for (const part of parts) {
      const size = count(part);
      if (size.type === 'cycle') return size;
      values += size.values;
    }
    open.delete(node);
    known.set(node, values);
    return { type: 'values', values };
  };
  return count;
}
