/**
 * A host URL's user information (`http://user:password@host`), which fetch refuses in a URL, as the
 * `Authorization: Basic` header it stands for (unless `headers` set one), and the host without it: the password
 * never reaches a message or the model's `host`.
 */
export function splitHostCredentials(
  host: string,
  headers: Record<string, string> | undefined,
): { host: string; headers: Record<string, string> | undefined; secrets: string[] } {
  // As the ollama client reads a host: without a scheme (`user:pw@host:port`, as OLLAMA_HOST may be), http.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//iu.test(host) ? host : `http://${host}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { host, headers, secrets: [] };
  }
  if (url.username === '' && url.password === '') return { host, headers, secrets: [] };
  const user = decodeLeniently(url.username);
  const password = decodeLeniently(url.password);
  const credentials = Buffer.from(`${user}:${password}`).toString('base64');
  url.username = '';
  url.password = '';
  const hasAuthorization = Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
  return {
    host: url.href.replace(/\/$/u, ''),
    headers: hasAuthorization ? headers : { ...headers, Authorization: `Basic ${credentials}` },
    secrets: [password, credentials, url.password].filter((secret) => secret !== ''),
  };
}

/** A URL part decoded, or as written when it holds a bare `%` (a password may). */
function decodeLeniently(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
