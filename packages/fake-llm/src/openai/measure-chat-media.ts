/** The most tokens the fake counts for an image, as for the Messages API (OpenAI counts 765 for a 1024-pixel square). */
const imageTokens = 1600;
/** The tokens the fake counts for a page of a PDF: its text and its image, as for the Messages API. */
const pdfPageTokens = 2500;
/** Audio: about ten tokens a second; 16-bit 24 kHz mono WAV is 48,000 bytes a second. */
const audioBytesPerToken = 4_800;

/**
 * How many characters the fake's token estimate (four characters a token) should count in place of the media a
 * chat completions request carries: an image (`image_url`, a data URL or a link) 1600 tokens, a PDF
 * (`file.file_data`) 2500 a page, audio (`input_audio.data`) ten tokens a second. Negative when, as almost
 * always, the data is longer than the tokens counted for it.
 */
export function measureChatMediaAdjustment(value: unknown): number {
  if (Array.isArray(value))
    return value.reduce<number>((sum, item) => sum + measureChatMediaAdjustment(item), 0);
  if (typeof value !== 'object' || value === null) return 0;
  const fields = value as Record<string, unknown>;
  const inner = (fields[typeof fields.type === 'string' ? fields.type : ''] ?? {}) as Record<string, unknown>;
  if (fields.type === 'image_url' && typeof inner.url === 'string') return imageTokens * 4 - inner.url.length;
  if (fields.type === 'file' && typeof inner.file_data === 'string') {
    return countPdfPages(inner.file_data) * pdfPageTokens * 4 - inner.file_data.length;
  }
  if (fields.type === 'input_audio' && typeof inner.data === 'string') {
    const bytes = (inner.data.length * 3) / 4;
    return Math.ceil(bytes / audioBytesPerToken) * 4 - inner.data.length;
  }
  let sum = 0;
  for (const field of Object.values(fields)) sum += measureChatMediaAdjustment(field);
  return sum;
}

function countPdfPages(dataUrl: string): number {
  const data = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const text = Buffer.from(data, 'base64').toString('latin1');
  return Math.max(1, text.match(/\/Type\s*\/Page(?![A-Za-z])/gu)?.length ?? 0);
}
