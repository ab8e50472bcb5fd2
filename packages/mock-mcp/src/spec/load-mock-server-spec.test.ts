import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockSpecError } from '../errors/mock-spec-error.js';
import { loadMockServerSpec, parseMockServerSpecText } from './load-mock-server-spec.js';

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'mock-mcp-spec-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function errorOf(promise: Promise<unknown>): Promise<MockSpecError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!MockSpecError.isInstance(error)) throw new Error(`Expected a MockSpecError, got ${String(error)}`);
  return error;
}

const yamlWithTypo = `tools:
  - name: search
    responses:
      - text: first
      - text: second
        times: -1
      - text: third
        tmes: 2
`;

describe('loadMockServerSpec', () => {
  it('names the file, line:column and field path of a wrong YAML value', async () => {
    const file = join(directory, 'typo.yaml');
    await writeFile(file, yamlWithTypo);
    const error = await errorOf(loadMockServerSpec(file));
    expect(error.file).toBe(file);
    expect(error.issues).toEqual([
      expect.objectContaining({ path: 'tools[0].responses[1].times', line: 6, column: 16 }),
      { path: 'tools[0].responses[2].tmes', message: "Unknown field 'tmes'.", line: 8, column: 9 },
    ]);
    expect(error.message).toContain(`${file}:8:9 tools[0].responses[2].tmes: Unknown field 'tmes'.`);
  });

  it('points a missing field at the object that lacks it', async () => {
    const file = join(directory, 'missing.yaml');
    await writeFile(file, 'tools:\n  - description: no name\n    responses: []\n');
    const error = await errorOf(loadMockServerSpec(file));
    expect(error.issues).toEqual([expect.objectContaining({ path: 'tools[0].name', line: 2, column: 5 })]);
  });

  it('gives line:column for JSON files too', async () => {
    const file = join(directory, 'spec.json');
    await writeFile(file, '{\n  "tools": [\n    { "name": "a", "responses": [], "extra": 1 }\n  ]\n}\n');
    const error = await errorOf(loadMockServerSpec(file));
    expect(error.issues).toEqual([
      { path: 'tools[0].extra', message: "Unknown field 'extra'.", line: 3, column: 37 },
    ]);
  });

  it('reports a YAML syntax error with its position', () => {
    expect(() => parseMockServerSpecText({ text: 'tools: [\n  { name: a\n', file: 'broken.yaml' })).toThrow(
      /broken\.yaml:\d+:\d+ \(root\): Not valid YAML or JSON/,
    );
  });

  it('reports an alias that names no anchor at the alias, never as an exception', () => {
    expect(() =>
      parseMockServerSpecText({ text: 'tools:\n  - name: *search\n    responses: []\n', file: 'a.yaml' }),
    ).toThrow("a.yaml:2:11 tools[0].name: The alias '*search' names no anchor");
  });

  it('reports a document whose aliases expand past the limit at the alias that passes it', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (const [index, name] of ['b', 'c', 'd', 'e', 'f'].entries()) {
      const previous = ['a', 'b', 'c', 'd', 'e'][index] ?? 'a';
      levels.push(`${name}: &${name} [${Array.from({ length: 10 }, () => `*${previous}`).join(', ')}]`);
    }
    const text = `${levels.join('\n')}\ntools: []\n`;
    expect(() => parseMockServerSpecText({ text, file: 'laughs.yaml' })).toThrow(
      /laughs\.yaml:4:36 d\[7\]: Aliases expand this document to more than 10000 values/,
    );
  });

  it('reports an empty spec file at its first line', () => {
    expect(() => parseMockServerSpecText({ text: '# only a comment\n', file: 'empty.yaml' })).toThrow(
      'empty.yaml:1:1 (root): The file holds no document (it is empty or only comments); expected a mock server spec: a mapping with `tools`.',
    );
  });

  it('loads the course-materials example', async () => {
    const spec = await loadMockServerSpec(
      new URL('../../examples/course-materials.yaml', import.meta.url).pathname,
    );
    expect(spec.tools.map((tool) => tool.name)).toEqual(['get_course_outline', 'search_course_content']);
    expect(spec.tools[1]?.inputSchema).toMatchObject({ required: ['query'] });
  });
});
