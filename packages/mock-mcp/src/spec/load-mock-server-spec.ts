import { readFile } from 'node:fs/promises';
import { LineCounter, parseDocument } from 'yaml';
import { MockSpecError } from '../errors/mock-spec-error.js';
import { locateYamlNode } from './locate-yaml-node.js';
import type { MockServerSpec } from './mock-server-spec-schema.js';
import { parseMockServerSpec } from './parse-mock-server-spec.js';

/**
 * Reads and validates a mock server spec from a YAML or JSON file. Errors name the file, the line and column,
 * and the field path (`course.yaml:12:9 tools[0].responses[1].times: ...`).
 *
 * @example
 * const spec = await loadMockServerSpec('examples/course-materials.yaml');
 * const server = createMockMcpServer(spec);
 */
export async function loadMockServerSpec(path: string): Promise<MockServerSpec> {
  const text = await readFile(path, 'utf8');
  return parseMockServerSpecText({ text, file: path });
}

/** Validates a mock server spec from YAML or JSON text; `file` names it in errors. */
export function parseMockServerSpecText(options: { text: string; file: string }): MockServerSpec {
  const { text, file } = options;
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  const [syntaxError] = document.errors;
  if (syntaxError !== undefined) {
    const position = syntaxError.linePos?.[0];
    throw new MockSpecError({
      file,
      issues: [
        {
          path: '(root)',
          message: `Not valid YAML or JSON: ${syntaxError.message.split('\n')[0] ?? syntaxError.code}`,
          ...(position === undefined ? {} : { line: position.line, column: position.col }),
        },
      ],
      cause: syntaxError,
    });
  }
  return parseMockServerSpec(document.toJS(), {
    file,
    locate: ({ path, target }) => locateYamlNode({ document, lineCounter, path, target }),
  });
}
