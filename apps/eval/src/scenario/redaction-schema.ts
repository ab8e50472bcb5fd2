import { z } from 'zod';
import type { RecordingRedaction } from '../record/redact-recording.js';

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

/** The config's redactions with a scenario's own added (each name or path once). */
export function addRedaction(
  base: RecordingRedaction,
  own: RecordingRedaction | undefined,
): RecordingRedaction {
  if (own === undefined) return base;
  const merged: RecordingRedaction = {};
  const headers = [...new Set([...(base.headers ?? []), ...(own.headers ?? [])])];
  const bodyFields = [...new Set([...(base.bodyFields ?? []), ...(own.bodyFields ?? [])])];
  if (headers.length > 0) merged.headers = headers;
  if (bodyFields.length > 0) merged.bodyFields = bodyFields;
  return merged;
}
