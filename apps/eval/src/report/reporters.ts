import { InvalidArgumentError } from '@toolloop/core';
import { createHtmlReporter } from './html/create-html-reporter.js';
import { createJsonReporter } from './json/create-json-reporter.js';
import { createJunitReporter } from './junit/create-junit-reporter.js';
import { createPrettyReporter } from './pretty/create-pretty-reporter.js';
import type { Reporter } from './reporter.js';

/** The built-in reporters by the names `--reporter` takes, each a factory with default options. */
export const reporters = {
  pretty: () => createPrettyReporter(),
  json: () => createJsonReporter(),
  junit: () => createJunitReporter(),
  html: () => createHtmlReporter(),
} satisfies Record<string, () => Reporter>;

/** The name of a built-in reporter. */
export type ReporterName = keyof typeof reporters;

/** Whether `name` is a built-in reporter's name. */
export function isReporterName(name: string): name is ReporterName {
  return Object.hasOwn(reporters, name);
}

/**
 * Creates the built-in reporters named, in order. An unknown name throws an `InvalidArgumentError` that
 * lists the known ones, before any reporter is created.
 *
 * @example
 * const [pretty, junit] = createReporters(['pretty', 'junit']);
 */
export function createReporters(names: readonly string[]): Reporter[] {
  const unknown = names.filter((name) => !isReporterName(name));
  if (unknown.length > 0) {
    throw new InvalidArgumentError({
      argument: 'reporter',
      message: `Unknown reporter${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `'${name}'`).join(', ')}. Known reporters: ${Object.keys(reporters).join(', ')}.`,
    });
  }
  return names.filter(isReporterName).map((name) => reporters[name]());
}
