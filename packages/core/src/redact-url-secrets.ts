/** What a redacted secret is replaced with. */
const redactedMark = '[redacted]';

/**
 * Redacts the secrets of every URL in a text, for messages, logs and reports: its user information (`user:password@`) and the value of each
 * query or fragment parameter whose name looks secret (`isSecretParameterName`). The rest of the text, the rest
 * of each URL included, is left as it is, so a message still names the server by its host and path. Linear in
 * the text: URLs are found by their `://`, not by a regular expression that could backtrack.
 */
export function redactUrlSecrets(text: string): string {
  let result = '';
  let copied = 0;
  let separator = text.indexOf('://');
  while (separator !== -1) {
    let start = separator;
    while (start > copied && isSchemeCharacter(text.charCodeAt(start - 1))) start -= 1;
    while (start < separator && !isLetter(text.charCodeAt(start))) start += 1;
    let end = separator + 3;
    if (start < separator) {
      while (end < text.length && !isUrlEnd(text.charCodeAt(end))) end += 1;
      end = trimTrailingPunctuation(text.slice(start, end)) + start;
      result += text.slice(copied, start) + redactUrlAt(text.slice(start, end), separator - start);
      copied = end;
    }
    separator = text.indexOf('://', end);
  }
  return result + text.slice(copied);
}

/**
 * Whether a URL parameter's name looks like it carries a secret. Compared in lower case with `-` and `_` left
 * out: a name that is or ends with `key` (`api_key`, `apikey`, `x-api-key`); that contains `token`, `secret`,
 * `password`, `passwd`, `pwd`, `auth`, `credential` or `signature`; or that is `sig`, `jwt`, `session` or
 * `sessionid`.
 */
export function isSecretParameterName(name: string): boolean {
  const normalized = safeDecode(name).toLowerCase().replace(/[-_]/gu, '');
  return (
    normalized.endsWith('key') ||
    secretParts.some((part) => normalized.includes(part)) ||
    secretNames.has(normalized)
  );
}

const secretParts = ['token', 'secret', 'password', 'passwd', 'pwd', 'auth', 'credential', 'signature'];
const secretNames = new Set(['sig', 'jwt', 'session', 'sessionid']);

/** One URL taken whole (a server's `url`, say): its user information and secret parameters redacted. */
export function redactUrl(url: string): string {
  const separator = url.indexOf('://');
  return separator === -1 ? url : redactUrlAt(url, separator);
}

/** One URL, `authorityStart` being where its `://` begins. */
function redactUrlAt(url: string, authorityStart: number): string {
  const afterScheme = authorityStart + 3;
  let authorityEnd = afterScheme;
  while (authorityEnd < url.length && !'/?#'.includes(url.charAt(authorityEnd))) authorityEnd += 1;
  const at = url.lastIndexOf('@', authorityEnd - 1);
  const head =
    at >= afterScheme
      ? `${url.slice(0, afterScheme)}${redactedMark}${url.slice(at, authorityEnd)}`
      : url.slice(0, authorityEnd);
  let rest = url.slice(authorityEnd);
  const hash = rest.indexOf('#');
  const beforeHash = hash === -1 ? rest : rest.slice(0, hash);
  const fragment = hash === -1 ? undefined : rest.slice(hash + 1);
  const question = beforeHash.indexOf('?');
  rest =
    question === -1
      ? beforeHash
      : `${beforeHash.slice(0, question + 1)}${redactParameters(beforeHash.slice(question + 1))}`;
  return `${head}${rest}${fragment === undefined ? '' : `#${redactParameters(fragment)}`}`;
}

function redactParameters(parameters: string): string {
  return parameters
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      if (equals === -1 || !isSecretParameterName(parameter.slice(0, equals))) return parameter;
      return `${parameter.slice(0, equals + 1)}${redactedMark}`;
    })
    .join('&');
}

/**
 * Where a URL found in running text really ends: without the sentence punctuation after it, or a closing
 * bracket it did not open (`(see http://h/x).`).
 */
function trimTrailingPunctuation(url: string): number {
  const unmatched = { ')': count(url, ')') - count(url, '('), ']': count(url, ']') - count(url, '[') };
  let end = url.length;
  for (;;) {
    const last = url.charAt(end - 1);
    if (last === ')' || last === ']') {
      if (unmatched[last] <= 0) return end;
      unmatched[last] -= 1;
    } else if (!'.,;:!?'.includes(last)) {
      return end;
    }
    end -= 1;
  }
}

function count(text: string, character: string): number {
  let found = 0;
  for (let index = text.indexOf(character); index !== -1; index = text.indexOf(character, index + 1))
    found += 1;
  return found;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isSchemeCharacter(code: number): boolean {
  return isLetter(code) || (code >= 48 && code <= 57) || code === 43 || code === 45 || code === 46;
}

/** Whitespace, quotes, angle brackets and backticks end a URL in running text. */
function isUrlEnd(code: number): boolean {
  return (
    code <= 32 || code === 34 || code === 39 || code === 60 || code === 62 || code === 96 || code === 127
  );
}
