import { InvalidArgumentError } from '../errors/invalid-argument-error.js';

/** Refuses lease options no store can keep, naming the option, before any session is touched. */
export function checkLeaseOptions({
  hostId,
  leaseTtlMs,
  sessionBusyTimeoutMs,
}: {
  hostId: unknown;
  leaseTtlMs: unknown;
  sessionBusyTimeoutMs: unknown;
}): void {
  if (typeof hostId !== 'string' || hostId.length === 0 || hostId.length > 150) {
    throw new InvalidArgumentError({
      argument: 'hostId',
      message: 'must be a non-empty string (at most 150).',
    });
  }
  if (!Number.isSafeInteger(leaseTtlMs) || (leaseTtlMs as number) < 3) {
    throw new InvalidArgumentError({
      argument: 'leaseTtlMs',
      message: 'must be a whole number of ms, at least 3.',
    });
  }
  if (
    !(Number.isSafeInteger(sessionBusyTimeoutMs) || sessionBusyTimeoutMs === Infinity) ||
    (sessionBusyTimeoutMs as number) < 0
  ) {
    throw new InvalidArgumentError({
      argument: 'sessionBusyTimeoutMs',
      message: 'must be a whole number of ms of at least 0, or Infinity.',
    });
  }
}
