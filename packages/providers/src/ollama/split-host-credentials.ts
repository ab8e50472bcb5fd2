/**
 * A host URL's user information (`http://user:password@host`), which fetch refuses in a URL, as the
 * `Authorization: Basic` header it stands for (unless `headers` set one), and the host without it: the password
 * never reaches a message or the model's `host`.
 */
export function splitHostCredentials(
  host: string,
  headers: Record<string, string> | undefined,
): { host: string; headers: Record<string, string> | undefined; secrets: string[] } {
  let url: URL;
  try {
    url = new URL(host);
  } catch {
    return { host, headers, secrets: [] };
  }
  if (url.username === '' && url.password === '') return { host, headers, secrets: [] };
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
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
