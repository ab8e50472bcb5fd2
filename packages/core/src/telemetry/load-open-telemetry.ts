import type * as OpenTelemetryApi from '@opentelemetry/api';

export type OpenTelemetry = typeof OpenTelemetryApi;

let loading: Promise<OpenTelemetry | undefined> | undefined;
let loaded: { api: OpenTelemetry | undefined } | undefined;

/**
 * `@opentelemetry/api`, when the host has it installed; `undefined` otherwise. It is an optional peer
 * dependency, looked for once per process and only when a turn may trace.
 */
export function loadOpenTelemetry(): Promise<OpenTelemetry | undefined> {
  loading ??= import('@opentelemetry/api').then(
    (api) => {
      loaded = { api };
      return api;
    },
    () => {
      loaded = { api: undefined };
      return undefined;
    },
  );
  return loading;
}

/** What `loadOpenTelemetry` found, once it has looked (`api` undefined: not installed); `undefined` before. */
export function loadedOpenTelemetry(): { api: OpenTelemetry | undefined } | undefined {
  return loaded;
}
