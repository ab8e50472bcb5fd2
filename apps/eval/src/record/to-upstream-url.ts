/**
 * The API's URL for a route's path, built on the parsed base URL, never by joining text: the host and port are
 * the base's whatever the path holds (`//host`, `@host`, `.1:8080` after `http://127.0.0`), and a path whose
 * dot segments (`..`, `%2e%2e`) leave the base path gives `undefined`.
 */
export function toUpstreamUrl({
  baseURL,
  path,
  search,
}: {
  baseURL: string;
  path: string;
  search: string;
}): URL | undefined {
  const base = new URL(baseURL);
  const basePath = base.pathname.replace(/\/+$/u, '');
  const target = new URL(base.href);
  target.pathname = `${basePath}${path}`;
  target.search = search;
  target.hash = '';
  const inside = target.pathname === basePath || target.pathname.startsWith(`${basePath}/`);
  return target.origin === base.origin && inside ? target : undefined;
}
