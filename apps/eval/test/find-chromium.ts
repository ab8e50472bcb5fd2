import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/**
 * The `chromium` executable on PATH (Debian's chromium package puts it in /usr/bin): playwright-core brings
 * no browser of its own. Throws, saying what to install, when PATH has none.
 */
export function findChromium(): string {
  for (const directory of (process.env.PATH ?? '').split(path.delimiter)) {
    if (directory === '') continue;
    const candidate = path.join(directory, 'chromium');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory; try the next.
    }
  }
  throw new Error(
    'No `chromium` on PATH. The HTML report screenshot test drives a real headless browser: install Chromium ' +
      '(apt-get install -y chromium on Debian), then run pnpm test:system again.',
  );
}
