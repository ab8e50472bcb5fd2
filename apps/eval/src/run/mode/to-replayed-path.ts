/**
 * The path of a request the fake LLM answered during a replay, in the form a recording keeps the live one: without
 * the route's `/script/<id>` and without the part of the path the live API's base URL holds (`/v1` for
 * OpenAI's APIs), so `/script/s1/v1/chat/completions` is `/chat/completions`, as it was recorded.
 */
export function toReplayedPath({
  path,
  routeId,
  apiPath,
}: {
  path: string;
  routeId: string;
  apiPath: string;
}): string {
  const route = `/script/${encodeURIComponent(routeId)}`;
  const underRoute = path === route || path.startsWith(`${route}/`) ? path.slice(route.length) || '/' : path;
  return apiPath !== '' && (underRoute === apiPath || underRoute.startsWith(`${apiPath}/`))
    ? underRoute.slice(apiPath.length) || '/'
    : underRoute;
}
