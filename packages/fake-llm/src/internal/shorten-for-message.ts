/**
 * Text a client sent (a path, a method, a header), cut to `maxLength` characters for an error message or a
 * violation, so that a hostile request cannot make the records grow by its own size.
 */
export function shortenForMessage(text: string, maxLength = 200): string {
  return text.length <= maxLength ? text : `${text.slice(0, maxLength)}… (${text.length} characters)`;
}
