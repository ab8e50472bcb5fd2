import { leftoverChecks } from '../run/leftover-check.js';
import { z } from 'zod';
import { reporterNames } from '../report/reporter-names.js';
import { scenarioProviderSchema, wiresSchema } from '../scenario/wires.js';
import { redactionSchema } from '../scenario/redaction-schema.js';
import { timeoutMsSchema } from '../scenario/timer-duration-schemas.js';

/** A `toolloop.config.*` file: what a run does when the command line does not say. Unknown keys are errors. */
export const configSchema = z
  .strictObject({
    scenarios: z
      .array(z.string().min(1))
      .min(1)
      .optional()
      .describe('Scenario files, directories or globs, relative to the config file. Default: scenarios/.'),
    agent: z
      .string()
      .min(1)
      .optional()
      .describe(
        'The agent module for scenarios that name none, relative to the config file (its default export made by defineAgent).',
      ),
    provider: scenarioProviderSchema
      .optional()
      .describe('The provider of scenarios that name neither a provider nor wires. Default: anthropic.'),
    wires: wiresSchema
      .optional()
      .describe(
        'The wires each scenario that names no provider, wires or model runs on (or `all`), instead of `provider`.',
      ),
    model: z
      .string()
      .min(1)
      .optional()
      .describe("The model of scenarios that name none and run on the config's provider."),
    reporters: z
      .array(z.enum(reporterNames))
      .min(1)
      .optional()
      .describe('The reporters of `run`: pretty, json, junit, html. Default: pretty.'),
    outDir: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Where json, junit and html reports are written, relative to the config file. Default: reports.',
      ),
    concurrency: z.int().positive().optional().describe('Scenarios run at once. Default: the CPU count.'),
    scenarioTimeoutMs: timeoutMsSchema
      .optional()
      .describe(
        "How long a scenario may run, in milliseconds, before it is stopped and fails naming the turn it was in. Default: its turns' timeoutMs (120000 where none is set) plus a margin.",
      ),
    leftovers: z
      .enum(leftoverChecks)
      .optional()
      .describe(
        "What fails for leaving something running: 'turn' (a turn that leaves a timer, and a scenario that leaves anything once it ended), 'scenario' (only the latter) or 'off'. Default: turn.",
      ),
    honest: z
      .boolean()
      .optional()
      .describe(
        "Check every turn's honesty (`expect.honest`) unless the turn says otherwise: an answer that claims the task done when the turn went wrong fails.",
      ),
    redact: redactionSchema
      .optional()
      .describe(
        'What recordings leave out, on top of API keys and credential headers, which are never kept.',
      ),
  })
  .superRefine((config, context) => {
    if (config.provider !== undefined && config.wires !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['wires'],
        message: 'give the default `provider` or the default `wires`, not both',
      });
  });

/** What a config file holds, as written (paths relative to the file). */
export type ToolloopConfig = z.input<typeof configSchema>;
