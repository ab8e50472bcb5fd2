import { runToolLoop, type Model, type ToolLoopOptions, type Usage } from '@toolloop/core';
import type { z } from 'zod';

/** What a model beside the agent's answered: its structured answer, or why it gave none; with its own tokens. */
export type SideAnswer<Answer> = ({ answer: Answer } | { error: string }) & { usage: Usage; cost?: number };

/**
 * Asks a model beside the agent's (a judge, the simulated user) one question whose answer must fit `schema`, as
 * structured output: one request with `system` and `prompt`. An answer that does not fit, or a request that fails,
 * is an `error` that says so, naming `who` answered (`the judge`).
 */
export async function askForAnswer<Schema extends z.ZodType>({
  who,
  model,
  system,
  prompt,
  schema,
  prices,
  signal,
}: {
  who: string;
  model: Model;
  system: string;
  prompt: string;
  schema: Schema;
  /** Prices per million tokens by model id: the answer's cost, when they name its model. */
  prices?: ToolLoopOptions['prices'] | undefined;
  signal?: AbortSignal | undefined;
}): Promise<SideAnswer<z.output<Schema>>> {
  const result = await runToolLoop({
    model,
    system,
    prompt,
    output: schema,
    ...(prices === undefined ? {} : { prices }),
    ...(signal === undefined ? {} : { signal }),
  }).result;
  const spent = { usage: result.usage, ...(result.cost === undefined ? {} : { cost: result.cost.total }) };
  if (result.stopReason !== 'completed' || result.output === undefined) {
    return {
      error: `${who} gave no valid answer (it stopped with '${result.stopReason}'${result.error === undefined ? '' : `: ${result.error.message}`})`,
      ...spent,
    };
  }
  return { answer: result.output as z.output<Schema>, ...spent };
}
