import { readFile } from 'node:fs/promises';
import { MockSpecError } from '../errors/mock-spec-error.js';
import type { MockServerSpec } from './mock-server-spec-schema.js';
import { parseMockServerSpec } from './parse-mock-server-spec.js';
import { readYamlDocument } from './read-yaml-document.js';

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
  const read = readYamlDocument({ text, expected: 'a mock server spec: a mapping with `tools`' });
  if (!read.success) throw new MockSpecError({ file, issues: read.issues });
  return parseMockServerSpec(read.value, { file, locate: read.locate });
}
