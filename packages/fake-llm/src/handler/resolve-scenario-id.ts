/** The header that routes a request to a script by id. */
export const scenarioHeader = 'x-toolloop-scenario';

const scenarioPathPattern = /\/scenario\/([^/]+)\/v1\/(?:messages|chat\/completions)\/?$/u;

/**
 * Which script a request is for: the `<id>` of a `/scenario/<id>/v1/messages` or
 * `/scenario/<id>/v1/chat/completions` path, else the `x-toolloop-scenario` header, else none (the default
 * script).
 */
export function resolveScenarioId(request: Request): string | undefined {
  const match = scenarioPathPattern.exec(new URL(request.url).pathname);
  if (match?.[1] !== undefined) return decodeURIComponent(match[1]);
  return request.headers.get(scenarioHeader) ?? undefined;
}
