import type { RecordingRedaction } from './redact-recording.js';

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
