import { isMap, isScalar, type Document, type LineCounter, type Node } from 'yaml';
import { createYamlIssue, type YamlIssue } from './yaml-issue.js';
import { visitYamlNodes } from './visit-yaml-nodes.js';

/**
 * Every key given twice in one mapping, at the second one. Equal keys are scalars with the same value, as the
 * YAML parser compares them; one set per mapping keeps this linear (the parser's own check compares each key
 * with every key before it).
 */
export function findDuplicateKeys({
  document,
  lineCounter,
}: {
  document: Document;
  lineCounter: LineCounter;
}): YamlIssue[] {
  const issues: YamlIssue[] = [];
  visitYamlNodes(document.contents, (node, trail) => {
    if (!isMap(node)) return;
    const firstKeys = new Map<unknown, Node>();
    for (const { key } of node.items) {
      if (!isScalar(key)) continue;
      const first = firstKeys.get(key.value);
      if (first === undefined) {
        firstKeys.set(key.value, key);
        continue;
      }
      const firstLine = lineCounter.linePos(first.range?.[0] ?? 0).line;
      issues.push(
        createYamlIssue({
          at: key,
          trail: { parent: trail, segment: String(key.value) },
          message: `The key '${String(key.value)}' is given twice (first on line ${firstLine}); keys must be unique.`,
          lineCounter,
        }),
      );
    }
  });
  return issues;
}
