import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { checkYamlAliases } from './check-yaml-aliases.js';
import { createYamlLocator } from './create-yaml-locator.js';
import { expandYamlAliases } from './expand-yaml-aliases.js';
import { findDuplicateKeys } from './find-duplicate-keys.js';
import type { LocateField } from './to-spec-issues.js';
import { createYamlIssue, type YamlIssue } from './yaml-issue.js';

/** YAML text read into a value, with where each field is written; or every problem, each with its position. */
export type YamlDocumentResult =
  { success: true; value: unknown; locate: LocateField } | { success: false; issues: YamlIssue[] };

/**
 * Reads YAML (or JSON) text that must hold one mapping, `expected` describing it for messages (such as
 * "a mock server spec: a mapping with `tools`"). Syntax errors, duplicate keys, aliases that name no anchor,
 * contain themselves or expand the document past 10,000 values, and a document that is empty or not a mapping
 * are issues with a line and column, never exceptions. Time grows linearly with the text.
 */
export function readYamlDocument({ text, expected }: { text: string; expected: string }): YamlDocumentResult {
  const lineCounter = new LineCounter();
  // The parser's own duplicate-key check compares every key with all before it; findDuplicateKeys is linear.
  const document = parseDocument(text, { lineCounter, uniqueKeys: false });
  if (document.errors.length > 0) {
    return {
      success: false,
      issues: document.errors.map((error) => {
        const position = error.linePos?.[0] ?? { line: 1, col: 1 };
        return {
          path: '(root)',
          message: `Not valid YAML or JSON: ${error.message.split('\n')[0] ?? error.code}`,
          line: position.line,
          column: position.col,
        };
      }),
    };
  }
  const rootProblem = describeRootProblem(document, expected);
  if (rootProblem !== undefined) {
    return {
      success: false,
      issues: [
        createYamlIssue({
          at: document.contents ?? undefined,
          trail: undefined,
          message: rootProblem,
          lineCounter,
        }),
      ],
    };
  }
  const duplicates = findDuplicateKeys({ document, lineCounter });
  if (duplicates.length > 0) return { success: false, issues: duplicates };
  const aliasIssue = checkYamlAliases({ document, lineCounter });
  if (aliasIssue !== undefined) return { success: false, issues: [aliasIssue] };
  // checkYamlAliases bounds what aliases expand to, so the parser's own alias count limit is not needed. An
  // alias is written with `*`: text without one has none, and needs no expanded copy.
  return {
    success: true,
    value: (text.includes('*') ? expandYamlAliases(document) : document).toJS({ maxAliasCount: -1 }),
    locate: createYamlLocator({ document, lineCounter }),
  };
}

function describeRootProblem(document: Document, expected: string): string | undefined {
  const root = document.contents;
  if (isMap(root)) return undefined;
  if (root === null)
    return `The file holds no document (it is empty or only comments); expected ${expected}.`;
  return `The document is ${describeKind(root)}; expected ${expected}.`;
}

function describeKind(root: unknown): string {
  if (isSeq(root)) return 'a list';
  if (!isScalar(root)) return 'an alias';
  if (root.value === null) return 'null';
  return `a ${typeof root.value}`;
}
