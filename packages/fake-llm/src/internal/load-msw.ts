import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { http } from 'msw';
import type { setupServer } from 'msw/node';

/** The parts of msw the fake uses: `http` for its handlers and `setupServer` for `listen()`. */
export interface Msw {
  http: typeof http;
  setupServer: typeof setupServer;
}

/**
 * msw, loaded the first time a feature needs it (`handlers`, `listen()`), or `null` when the project has not
 * installed it. msw is an optional peer dependency, and a heavy one: `serve()`, `handle()` and the `fake-llm` bin
 * need nothing of it, so the scenario runner, which uses `serve()`, neither brings msw into a project nor spends
 * the time to load it. It is found as an `import` finds it and loaded with `require`, which on Node 20.19 and later
 * gives the same ES module instance an `import` of msw does, so handlers and servers mix with the project's own.
 */
let msw: Msw | null | undefined;

const require = createRequire(import.meta.url);

/** msw for `feature`, or an error that says how to install it. */
export function requireMsw(feature: string): Msw {
  msw ??= loadMsw();
  if (msw === null) {
    throw new Error(
      `${feature} needs msw, which is not installed: npm install --save-dev msw. (fake.serve() and fake.handle() work without it.)`,
    );
  }
  return msw;
}

function loadMsw(): Msw | null {
  let core: string;
  let node: string;
  try {
    // Found as an import finds it (the project's own msw: no NODE_PATH, no global folder), then loaded at once.
    core = fileURLToPath(import.meta.resolve('msw'));
    node = fileURLToPath(import.meta.resolve('msw/node'));
  } catch (error) {
    if (isMswMissing(error)) return null;
    throw error;
  }
  try {
    const { http: loadedHttp } = require(core) as { http: typeof http };
    const { setupServer: loadedSetupServer } = require(node) as { setupServer: typeof setupServer };
    return { http: loadedHttp, setupServer: loadedSetupServer };
  } catch (error) {
    // Node 21 and 22 before 22.12 load an ES module with require() only behind a flag.
    if ((error as NodeJS.ErrnoException).code === 'ERR_REQUIRE_ESM')
      throw new Error(
        `msw is an ES module, which Node.js ${process.version} cannot load here: use Node.js 20.19 or later on 20, or 22.12 or later.`,
        { cause: error },
      );
    throw error;
  }
}

/** Only "msw is not installed" means running without it; msw failing to load is an error of its own. */
function isMswMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (
    error instanceof Error &&
    (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') &&
    /['"]msw(\/node)?['"]/u.test(error.message)
  );
}
