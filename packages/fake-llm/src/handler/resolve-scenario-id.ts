/** The header that routes a request to a script by id. */
export const scenarioHeader = 'x-toolloop-scenario';

const scenarioPathPattern =
  /\/scenario\/([^/]+)\/(?:v1\/(?:messages(?:\/count_tokens)?|chat\/completions|responses)\/?|api\/chat\/?|model\/[^/]+\/converse(?:-stream)?\/?|v1(?:beta)?\/models\/[^/:]+:(?:generateContent|streamGenerateContent))$/u;

/**
 * Which script a request is for: the `<id>` of a `/scenario/<id>/v1/messages` (or `…/messages/count_tokens`)
 * `/scenario/<id>/v1/chat/completions`, `/scenario/<id>/v1/responses`,
 * `/scenario/<id>/v1beta/models/<model>:generateContent`, `/scenario/<id>/model/<modelId>/converse(-stream)` or
 * `/scenario/<id>/api/chat` path, else the `x-toolloop-scenario` header, else none (the default
 * script).
 */
export function resolveScenarioId(options: { path: string; headers?: Headers }): string | undefined {
  const segment = scenarioPathPattern.exec(options.path)?.[1];
  if (segment !== undefined) return decodePathSegment(segment);
  return options.headers?.get(scenarioHeader) ?? undefined;
}

/** A percent-encoded path segment decoded; one that is not valid percent-encoding is kept as it was sent. */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
