import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { MockSpecError, parseMockServerSpecText } from '@toolloop/mock-mcp/internal';
import type { ScenarioIssue } from './scenario-file-error.js';

/** The largest mock server spec read: a spec is hand-written, as a scenario is. */
const maxSpecFileBytes = 4 * 1024 * 1024;

/** Why a file is read as a spec, said with each of its problems: a scenario named like a spec lands here. */
const readAsSpec = '(read as a mock MCP server spec: its name ends in .mcp.yaml, .mcp.yml or .mcp.json)';

/**
 * Checks the mock server specs found beside scenarios (`name.mcp.yaml`) as `mock-mcp --spec` reads them: a
 * regular file of at most 4 MiB that is a valid spec. Each problem names the file (relative to `cwd`, as given),
 * its line and column, and says that the file was read as a spec.
 */
export async function checkMockSpecFiles({
  files,
  cwd,
}: {
  files: readonly string[];
  cwd: string;
}): Promise<ScenarioIssue[]> {
  const issues = await Promise.all(
    files.map((file) => checkMockSpecFile({ file, path: resolve(cwd, file) })),
  );
  return issues.flat();
}

async function checkMockSpecFile({ file, path }: { file: string; path: string }): Promise<ScenarioIssue[]> {
  const problem = (message: string): ScenarioIssue[] => [
    { file, path: '(root)', message: `${message} ${readAsSpec}` },
  ];
  try {
    // A device or a huge file is refused before it is read: a FIFO would never end.
    const stats = await stat(path);
    if (!stats.isFile()) return problem('not a regular file.');
    if (stats.size > maxSpecFileBytes)
      return problem(
        `the file has ${stats.size} bytes; a spec may have at most ${maxSpecFileBytes} (4 MiB).`,
      );
    parseMockServerSpecText({ text: await readFile(path, 'utf8'), file });
    return [];
  } catch (error) {
    if (!MockSpecError.isInstance(error))
      return problem(`cannot read the file: ${error instanceof Error ? error.message : String(error)}.`);
    return error.issues.map((issue) => ({
      file,
      path: issue.path,
      message: `${issue.message} ${readAsSpec}`,
      ...(issue.line === undefined ? {} : { line: issue.line }),
      ...(issue.column === undefined ? {} : { column: issue.column }),
    }));
  }
}
