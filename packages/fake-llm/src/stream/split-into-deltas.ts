const wordsPerDelta = 3;
const codePointsPerJsonFragment = 12;

/**
 * Splits text or thinking into the pieces the fake streams as deltas: a few words each, whitespace kept with
 * the word after it, as the real API's token-sized deltas do. The pieces join back to the exact input.
 */
export function splitTextIntoDeltas(text: string): string[] {
  const words = text.match(/\s*\S+|\s+$/gu) ?? [];
  const deltas: string[] = [];
  for (let start = 0; start < words.length; start += wordsPerDelta) {
    deltas.push(words.slice(start, start + wordsPerDelta).join(''));
  }
  if (deltas.length === 0 && text !== '') deltas.push(text);
  return deltas;
}

/**
 * Splits tool input JSON into `input_json_delta` fragments the way the real API does: an empty first fragment,
 * then pieces cut mid-token. An empty object is sent as the empty fragment alone, as the API does for tools
 * without arguments.
 */
export function splitJsonIntoFragments(json: string): string[] {
  if (json === '{}' || json === '') return [''];
  const codePoints = Array.from(json);
  const fragments = [''];
  for (let start = 0; start < codePoints.length; start += codePointsPerJsonFragment) {
    fragments.push(codePoints.slice(start, start + codePointsPerJsonFragment).join(''));
  }
  return fragments;
}

/**
 * Splits text with markup (an XML tool block) the way a model's tokens would: each tag is a delta of its own,
 * the text between tags is split as `splitTextIntoDeltas` does. The pieces join back to the exact input.
 */
export function splitMarkupIntoDeltas(text: string): string[] {
  const parts = text.match(/<[^<>]*>|[^<]+|</gu) ?? [];
  return parts.flatMap((part) => (part.startsWith('<') ? [part] : splitTextIntoDeltas(part)));
}
