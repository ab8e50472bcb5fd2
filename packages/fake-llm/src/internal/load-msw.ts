import type { http } from 'msw';
import type { setupServer } from 'msw/node';

/** The parts of msw the fake uses: `http` for its handlers and `setupServer` for `listen()`. */
export interface Msw {
  http: typeof http;
  setupServer: typeof setupServer;
}

/**
 * msw, loaded once when the package loads, or undefined when the project has not installed it. msw is an
 * optional peer dependency: `serve()`, `handle()` and the `fake-llm` bin need nothing of it (so the scenario
 * runner, which uses `serve()`, does not bring msw and its install script into a project); `handlers` and
 * `listen()` do, through `requireMsw`.
 */
const msw: Msw | undefined = await loadMsw();

/** msw for `feature`, or an error that says how to install it. */
export function requireMsw(feature: string): Msw {
  if (msw === undefined) {
    throw new Error(
      `${feature} needs msw, which is not installed: npm install --save-dev msw. (fake.serve() and fake.handle() work without it.)`,
    );
  }
  return msw;
}

async function loadMsw(): Promise<Msw | undefined> {
  try {
    const [core, node] = await Promise.all([import('msw'), import('msw/node')]);
    return { http: core.http, setupServer: node.setupServer };
  } catch (error) {
    if (isMswMissing(error)) return undefined;
    throw error;
  }
}

/** Only "msw is not installed" means running without it; msw failing to load is an error of its own. */
function isMswMissing(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' &&
    /['"]msw(\/node)?['"]/u.test(error.message)
  );
}
