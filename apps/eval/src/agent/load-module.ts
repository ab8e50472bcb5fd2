import { findUserFrame, type SourceLocation } from './find-user-frame.js';

/** What loading a user's module gave: its exports, or why it could not load and where. */
export type LoadModuleResult =
  | { success: true; exports: Record<string, unknown> }
  | { success: false; message: string; location: SourceLocation | undefined };

/** How long a module may take to load: far beyond any module's own work, short enough that a run goes on. */
const moduleLoadTimeoutMs = 30_000;

/** `…message \n /path/file.ts:2:24`: where the TypeScript loader reports a syntax error. */
const messagePositionPattern = /\s*((?:file:\/\/)?\/[^\s:]+|[A-Za-z]:\\[^\s:]+):(\d+):(\d+)\s*$/u;

/**
 * Imports a user's module (TypeScript or JavaScript) on Node.js 20 with no build step, through jiti. Its
 * `import … from '@toolloop/eval'` gets this very runner, so `defineAgent` and `defineConfig` are the ones that
 * read the result, and `@toolloop/core` the runner's own loop, so a turn the module runs itself is the loop
 * the runner checks (one copy of its errors and types, even where the project installed another); every
 * other import resolves from the module's own directory as usual. Nothing is cached,
 * on disk or in memory, so a module edited between two runs in one process is read again. A syntax error or
 * a throw while the module loads comes back as a failure with the user's file and line where the error has
 * them, never a location in the loader.
 */
export async function loadModule(
  file: string,
  { timeoutMs = moduleLoadTimeoutMs }: { timeoutMs?: number } = {},
): Promise<LoadModuleResult> {
  // jiti is loaded here, not with this module: a run whose config and agents are plain files never pays for it.
  const { createJiti } = await import('jiti');
  const jiti = createJiti(import.meta.url, {
    fsCache: false,
    moduleCache: false,
    interopDefault: false,
    virtualModules: {
      '@toolloop/eval': await import('../index.js'),
      '@toolloop/core': await import('@toolloop/core'),
    },
  });
  // A top level that awaits what never comes would hang the run, or, with nothing else running, end the process
  // with code 13 and no word: the deadline's timer keeps the process up until it says what happened.
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<LoadModuleResult>((resolve) => {
    timer = setTimeout(() => {
      resolve({
        success: false,
        message: `the module did not finish loading within ${timeoutMs / 1000} s: its top level waits for something that never comes (an await that never settles?)`,
        location: undefined,
      });
    }, timeoutMs);
  });
  const loading = jiti.import<Record<string, unknown>>(file).then(
    (exports): LoadModuleResult => ({ success: true, exports }),
    (error: unknown): LoadModuleResult => ({ success: false, ...describeLoadError(error) }),
  );
  try {
    return await Promise.race([loading, overdue]);
  } finally {
    clearTimeout(timer);
  }
}

function describeLoadError(error: unknown): { message: string; location: SourceLocation | undefined } {
  if (!(error instanceof Error)) return { message: String(error), location: undefined };
  const positioned = messagePositionPattern.exec(error.message);
  if (positioned !== null) {
    const [whole, file = '', line = '0', column = '0'] = positioned;
    return {
      message: error.message.slice(0, -whole.length).trim(),
      location: { file, line: Number(line), column: Number(column) },
    };
  }
  const message = error.message.startsWith(`${error.name}:`)
    ? error.message
    : `${error.name}: ${error.message}`;
  return { message, location: findUserFrame(error) };
}
