import { z } from 'zod';

/** What recordings leave out: a config file's `redact`, and a scenario's own. */
export const redactionSchema = z.strictObject({
  headers: z
    .array(z.string().min(1))
    .optional()
    .describe('Request headers whose values recordings replace with [redacted].'),
  bodyFields: z
    .array(z.string().min(1))
    .optional()
    .describe(
      'Request body fields recordings replace with [redacted], as dotted paths (* for every element): metadata.user_id.',
    ),
});
