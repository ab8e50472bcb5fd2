/** A field that the SDK's types do not declare, such as `reasoning_content` on a chat completions delta. */
export function readExtraField(value: object, key: string): unknown {
  return Object.entries(value).find(([name]) => name === key)?.[1];
}
