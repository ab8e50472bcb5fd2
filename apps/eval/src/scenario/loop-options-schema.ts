import { fileLoopOptionsSchema } from '@toolloop/core';

/**
 * The `loop` options of a scenario: the core loop's options a file may hold (`fileLoopOptionsSchema`), with its
 * checks and refusals, but `system`, which the scenario gives beside `loop` (docs/scenario-format.md). An option
 * added to the loop is a scenario option too.
 */
export const loopOptionsSchema = fileLoopOptionsSchema.omit({ system: true });
