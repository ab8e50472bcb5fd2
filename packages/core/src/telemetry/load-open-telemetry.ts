import type * as OpenTelemetryApi from '@opentelemetry/api';

export type OpenTelemetry = typeof OpenTelemetryApi;

let loading: Promise<OpenTelemetry | undefined> | undefined;

/**
 * `@opentelemetry/api`, when the host has it installed; `undefined` otherwise. It is an optional peer
 * dependency, looked for once per process and only when a turn may trace.
 */
export function loadOpenTelemetry(): Promise<OpenTelemetry | undefined> {
  loading ??= import('@opentelemetry/api').then(
    (api) => api,
    () => undefined,
  );
  return loading;
}
