import type { LineCounter, Node } from 'yaml';
import { formatFieldPath } from './format-field-path.js';
import { toFieldPath, type FieldTrail } from './visit-yaml-nodes.js';

/** A problem in YAML (or JSON) text found before any schema looks at it: where, which field, and what. */
export interface YamlIssue {
  /** The field path, such as `turns[0].user`; `(root)` for the document itself. */
  path: string;
  message: string;
  line: number;
  column: number;
}

/** An issue at a node: its start, or the document's first line when there is no node. */
export function createYamlIssue(options: {
  at: Node | undefined;
  trail: FieldTrail;
  message: string;
  lineCounter: LineCounter;
}): YamlIssue {
  const { at, trail, message, lineCounter } = options;
  const position = lineCounter.linePos(at?.range?.[0] ?? 0);
  return { path: formatFieldPath(toFieldPath(trail)), message, line: position.line, column: position.col };
}
