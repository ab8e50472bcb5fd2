import { redactUrl, redactUrlSecrets } from '@toolloop/core';

/**
 * A function that redacts the URL secrets of a text (`redactUrlSecrets`). The `urls` a scenario names are also
 * replaced whole by their redacted form wherever they appear as written, so that a URL the scan in running text
 * would cut short (a space in its query) is redacted too.
 */
export function createSecretRedactor({
  urls = [],
  secrets = [],
}: {
  urls?: readonly string[];
  /** Values replaced by `[redacted]` wherever they appear, such as a live run's API keys. */
  secrets?: readonly string[];
} = {}): (text: string) => string {
  const values = secrets.filter((secret) => secret.length > 0);
  const known = urls
    .map((url) => ({ url, redacted: redactUrl(url) }))
    .filter(({ url, redacted }) => url !== redacted)
    // The longest first, so that a URL that contains another is replaced whole.
    .sort((left, right) => right.url.length - left.url.length);
  return (text) =>
    redactUrlSecrets(
      known.reduce(
        (redacted, { url, redacted: replacement }) => redacted.split(url).join(replacement),
        values.reduce((redacted, secret) => redacted.split(secret).join('[redacted]'), text),
      ),
    );
}
