import { InvalidArgumentError } from '@toolloop/core/internal';
import { createHtmlReporter } from './html/create-html-reporter.js';
import { createJsonReporter } from './json/create-json-reporter.js';
import { createJunitReporter } from './junit/create-junit-reporter.js';
import { createPrettyReporter, type PrettyReporterStream } from './pretty/create-pretty-reporter.js';
import type { Reporter } from './reporter.js';
import type { reporterNames } from './reporter-names.js';

/** What the built-in reporters are made with. */
export interface ReporterOptions {
  /**
   * Where the pretty reporter writes and the file reporters say which file they wrote. Default: the pretty
   * reporter writes to `process.stdout`; the file reporters say nothing.
   */
  stream?: PrettyReporterStream | undefined;
}

/** The built-in reporters by the names `--reporter` takes, each a factory with default options. */
export const reporters = {
  pretty: ({ stream }: ReporterOptions = {}) => createPrettyReporter(stream === undefined ? {} : { stream }),
  json: ({ stream }: ReporterOptions = {}) => createJsonReporter({ stream }),
  junit: ({ stream }: ReporterOptions = {}) => createJunitReporter({ stream }),
  html: ({ stream }: ReporterOptions = {}) => createHtmlReporter({ stream }),
} satisfies Record<(typeof reporterNames)[number], (options?: ReporterOptions) => Reporter>;

/** The name of a built-in reporter. */
export type ReporterName = keyof typeof reporters;

/** Whether `name` is a built-in reporter's name. */
export function isReporterName(name: string): name is ReporterName {
  return Object.hasOwn(reporters, name);
}

/**
 * Creates the built-in reporters named, in order, each writing to `stream` (see `ReporterOptions`). An unknown
 * name throws an `InvalidArgumentError` that lists the known ones, before any reporter is created.
 *
 * @example
 * const [pretty, junit] = createReporters(['pretty', 'junit'], { stream: process.stdout });
 */
export function createReporters(names: readonly string[], options: ReporterOptions = {}): Reporter[] {
  const unknown = names.filter((name) => !isReporterName(name));
  if (unknown.length > 0) {
    throw new InvalidArgumentError({
      argument: 'reporter',
      message: `Unknown reporter${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `'${name}'`).join(', ')}. Known reporters: ${Object.keys(reporters).join(', ')}.`,
    });
  }
  return names.filter(isReporterName).map((name) => reporters[name](options));
}
