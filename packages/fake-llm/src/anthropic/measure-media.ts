import { createCopyMemo } from './create-copy-memo.js';

/** The tokens the fake counts for an image: the most one costs once the API has scaled it (1568 pixels a side). */
const imageTokens = 1600;
/** The tokens the fake counts for a page of a PDF: its text (1500 to 3000 tokens) and its image. */
const pdfPageTokens = 2500;

/**
 * How many characters the fake's token estimate (four characters a token) should count in place of the base64
 * data of the images and PDFs in a request, and of an image's link: negative when, as almost always, the data is
 * longer than the tokens the API counts for it. An image counts 1600 tokens, a PDF 2500 a page (its `/Type /Page`
 * objects; pages packed in object streams are not seen, so such a PDF counts one).
 */
export function measureMediaAdjustment(prompt: { system: unknown; messages: unknown }): number {
  let sum = measureValue(prompt.system);
  if (!Array.isArray(prompt.messages)) return sum + measureValue(prompt.messages);
  // A message the last request sent too (the fake's copy of it) is measured once.
  for (const message of prompt.messages) sum += mediaOfMessage(message, () => measureValue(message));
  return sum;
}

const mediaOfMessage = createCopyMemo<number>();

function measureValue(value: unknown): number {
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + measureValue(item), 0);
  if (typeof value !== 'object' || value === null) return 0;
  const fields = value as Record<string, unknown>;
  const source = fields.source as { type?: unknown; url?: unknown } | undefined;
  if (fields.type === 'image' && source?.type === 'url' && typeof source.url === 'string') {
    return imageTokens * 4 - source.url.length;
  }
  if (fields.type === 'base64' && typeof fields.data === 'string' && typeof fields.media_type === 'string') {
    const tokens = countMediaTokens(fields.media_type, fields.data);
    return tokens === undefined ? 0 : tokens * 4 - fields.data.length;
  }
  let sum = 0;
  for (const field of Object.values(fields)) sum += measureValue(field);
  return sum;
}

function countMediaTokens(mediaType: string, data: string): number | undefined {
  if (mediaType.startsWith('image/')) return imageTokens;
  if (mediaType !== 'application/pdf') return undefined;
  const text = Buffer.from(data, 'base64').toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?![A-Za-z])/gu)?.length ?? 0;
  return Math.max(1, pages) * pdfPageTokens;
}
