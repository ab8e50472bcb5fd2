import type { DefinitionPathSegment } from '../../definitions/check-against-definition.js';

/**
 * A path into a request body as OpenAI's errors name it in `param`: `messages[0].content[1].type`. The variant a
 * tag chose is not part of it. `dotBeforeIndex` writes the form some of its checks use, `messages.[3].role`.
 */
export function toOpenAiParam(
  path: readonly DefinitionPathSegment[],
  options: { dotBeforeIndex?: boolean } = {},
): string {
  let param = '';
  for (const segment of path) {
    if (typeof segment === 'object') continue;
    if (typeof segment === 'number') {
      param += options.dotBeforeIndex === true ? `.[${String(segment)}]` : `[${String(segment)}]`;
    } else {
      param += param === '' ? segment : `.${segment}`;
    }
  }
  return param;
}
