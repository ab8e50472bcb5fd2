/** Whether a content-type header names JSON (`application/json`, any parameters such as `charset` allowed). */
export function isJsonContentType(contentType: string | null): boolean {
  if (contentType === null) return false;
  return contentType.split(';')[0]?.trim().toLowerCase() === 'application/json';
}
