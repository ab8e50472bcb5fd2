/** The parts of a Claude model id that decide what the model accepts. */
export interface AnthropicModelVersion {
  /** The model line: `haiku`, `sonnet`, `opus`, `fable`, `mythos`, ... */
  line: string;
  major: number;
  minor: number;
  /** A preview model without a version number, such as `claude-mythos-preview`. */
  isPreview: boolean;
}

// Both naming schemes: `claude-3-5-sonnet-20241022` (version first) and `claude-sonnet-4-5-20250929` (line first).
// A minor version is one or two digits; an eight-digit date suffix is not a minor version.
const versionFirst = /claude-(\d+)(?:-(\d{1,2}))?-([a-z]+)(?![a-z])/;
const lineFirst = /claude-([a-z]+)-(\d+)(?:-(\d{1,2})(?!\d))?/;
const preview = /claude-([a-z]+)-preview/;

/**
 * Reads the model line and version out of a Claude model id, wherever it sits in the string, so provider
 * prefixes and suffixes (`anthropic.claude-opus-4-6-v1`, `claude-haiku-4-5@20251001`) still match.
 * Returns `undefined` for ids that name no Claude version.
 */
export function parseAnthropicModelId(modelId: string): AnthropicModelVersion | undefined {
  const id = modelId.toLowerCase();
  const previewMatch = preview.exec(id);
  if (previewMatch?.[1] !== undefined) return { line: previewMatch[1], major: 0, minor: 0, isPreview: true };
  const first = versionFirst.exec(id);
  if (first?.[1] !== undefined && first[3] !== undefined) {
    return { line: first[3], major: Number(first[1]), minor: Number(first[2] ?? '0'), isPreview: false };
  }
  const second = lineFirst.exec(id);
  if (second?.[1] !== undefined && second[2] !== undefined) {
    return { line: second[1], major: Number(second[2]), minor: Number(second[3] ?? '0'), isPreview: false };
  }
  return undefined;
}
