/** Which Converse operation a path asks for: `…/model/<modelId>/converse` or `…/converse-stream`. */
export type BedrockOperation = 'converse' | 'converse-stream';

const pathPattern = /\/model\/([^/]+)\/(converse|converse-stream)\/?$/u;

/**
 * The operation and model id of a Converse path, the model id percent-decoded (the SDK sends `:` as `%3A`),
 * or `undefined` for another path.
 */
export function readBedrockPath(path: string): { operation: BedrockOperation; modelId: string } | undefined {
  const match = pathPattern.exec(path);
  const [, segment, operation] = match ?? [];
  if (segment === undefined || (operation !== 'converse' && operation !== 'converse-stream'))
    return undefined;
  try {
    return { operation, modelId: decodeURIComponent(segment) };
  } catch {
    return { operation, modelId: segment };
  }
}
