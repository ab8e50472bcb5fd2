import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A place in a user's source file. */
export interface SourceLocation {
  /** The absolute path of the file. */
  file: string;
  line: number;
  /** Only where it is exact (a syntax error): after types are stripped, a running line's columns shift. */
  column?: number;
}

/** The runner's own code (`src/` or `dist/`): frames there are never the user's. */
const runnerDirectory = fileURLToPath(new URL('..', import.meta.url));

/** `at fn (/path/file.ts:12:5)`, `at /path/file.ts:12:5`, `at file:///path/file.ts:12:5` */
const framePattern = /^\s*at (?:.*? \()?((?:file:\/\/)?\/[^():]*|[A-Za-z]:\\[^():]*):(\d+):\d+\)?\s*$/u;

/**
 * The first place in an error's stack that is the user's code: not a Node.js internal, not a dependency under
 * `node_modules` (the TypeScript loader included), not the runner itself. Undefined when the stack has none.
 * Only the line is given: the loader strips types, which shifts columns.
 */
export function findUserFrame(error: unknown): SourceLocation | undefined {
  const stack = error instanceof Error ? error.stack : undefined;
  if (stack === undefined) return undefined;
  for (const line of stack.split('\n')) {
    const match = framePattern.exec(line);
    if (match === null) continue;
    const [, path = '', lineNumber = '0'] = match;
    const file = path.startsWith('file://') ? fileURLToPath(path) : path;
    if (file.includes(`${sep}node_modules${sep}`) || file.startsWith(runnerDirectory)) continue;
    return { file, line: Number(lineNumber) };
  }
  return undefined;
}
