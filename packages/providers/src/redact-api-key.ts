/** Keys shorter than this are placeholders (`ollama`, `EMPTY`, `sk-1234`), not secrets; they are left alone. */
const shortestSecret = 8;
/** A key this long is random enough that wherever it occurs, even run into other text, it is the key. */
const unmistakableLength = 20;
/** Characters that continue a token: a key next to one of them is part of a longer word, not the key. */
const tokenCharacter = /^[\p{L}\p{N}_-]$/u;

/**
 * `text` with the API key replaced by `[redacted]`, for error messages. A key of 20 characters or more (every
 * hosted provider's) is replaced wherever it occurs. A shorter one is replaced only where it stands as a whole
 * token, so a key that is also a word leaves that word alone elsewhere. A key under 8 characters is too short to
 * be a secret (`ollama`, the Ollama preset's conventional key, is one) and is never replaced.
 */
export function redactApiKey({ text, apiKey }: { text: string; apiKey: string | null | undefined }): string {
  if (apiKey == null || apiKey.length < shortestSecret) return text;
  if (apiKey.length >= unmistakableLength) return text.split(apiKey).join('[redacted]');
  let redacted = '';
  let copiedUpTo = 0;
  for (let at = text.indexOf(apiKey); at !== -1; at = text.indexOf(apiKey, at + 1)) {
    const end = at + apiKey.length;
    if (at < copiedUpTo || continuesToken(text[at - 1]) || continuesToken(text[end])) continue;
    redacted += `${text.slice(copiedUpTo, at)}[redacted]`;
    copiedUpTo = end;
  }
  return redacted + text.slice(copiedUpTo);
}

function continuesToken(character: string | undefined): boolean {
  return character !== undefined && tokenCharacter.test(character);
}
