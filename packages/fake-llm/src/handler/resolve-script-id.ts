/** The header that routes a request to a script by id. */
export const scriptHeader = 'x-toolloop-script';

/** The header's name before 0.2, still read when `x-toolloop-script` is absent. */
const formerScriptHeader = 'x-toolloop-scenario';

const scriptPathPattern =
  /\/(?:script|scenario)\/([^/]+)\/(?:v1\/(?:messages(?:\/count_tokens)?|chat\/completions|responses)\/?|api\/chat\/?|model\/[^/]+\/converse(?:-stream)?\/?|v1(?:beta)?\/models\/[^/:]+:(?:generateContent|streamGenerateContent))$/u;

/**
 * Which script a request is for: the `<id>` of a `/script/<id>/v1/messages` (or `…/messages/count_tokens`)
 * `/script/<id>/v1/chat/completions`, `/script/<id>/v1/responses`,
 * `/script/<id>/v1beta/models/<model>:generateContent`, `/script/<id>/model/<modelId>/converse(-stream)` or
 * `/script/<id>/api/chat` path, else the `x-toolloop-script` header, else none (the default
 * script). The names before 0.2, a `/scenario/<id>/…` path and the `x-toolloop-scenario` header, are read too.
 */
export function resolveScriptId(options: { path: string; headers?: Headers }): string | undefined {
  const segment = scriptPathPattern.exec(options.path)?.[1];
  if (segment !== undefined) return decodePathSegment(segment);
  return options.headers?.get(scriptHeader) ?? options.headers?.get(formerScriptHeader) ?? undefined;
}

/** A percent-encoded path segment decoded; one that is not valid percent-encoding is kept as it was sent. */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
