import { z } from 'zod';
import { delayMsSchema } from './delay-ms-schema.js';

/** One progress notification a response sends before it answers; `delayMs` waits before sending it. */
export const progressStepSchema = z.strictObject({
  progress: z.number().describe('How far the work is.'),
  total: z.number().optional().describe('Where the work ends, in the units of progress.'),
  message: z.string().optional().describe('A text shown with the progress.'),
  delayMs: delayMsSchema.optional().describe('Milliseconds to wait before sending it.'),
});

/** One scripted progress notification. */
export type ProgressStep = z.infer<typeof progressStepSchema>;
