import type { FileLoopOptions } from '@toolloop/core';
import { fileLoopOptionsSchema } from '@toolloop/core/internal/session';
import type { z } from 'zod';

/** The `loop` options of a scenario: the loop's options a file may hold, but `system`. */
export type ScenarioLoopOptions = Omit<FileLoopOptions, 'system'>;

/**
 * The `loop` options of a scenario: the core loop's options a file may hold (`fileLoopOptionsSchema`), with its
 * checks and refusals, but `system`, which the scenario gives beside `loop` (docs/scenario-format.md). An option
 * added to the loop is a scenario option too.
 */
export const loopOptionsSchema: z.ZodType<ScenarioLoopOptions, ScenarioLoopOptions> =
  fileLoopOptionsSchema.omit({
    system: true,
  });
