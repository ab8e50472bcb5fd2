import { createHash } from 'node:crypto';

const signaturePrefix = 'toolloop-fake-llm:gemini:';

/**
 * Makes up the thought signature of a part the fake sends: base64, deterministic for the same script, request,
 * part and content, and unique per part. Clients must treat it as opaque and send it back byte for byte on the
 * part that carried it.
 */
export function createGeminiThoughtSignature(options: {
  scriptId: string;
  requestIndex: number;
  partIndex: number;
  content: string;
}): string {
  const digest = createHash('sha256').update(options.content).digest('hex').slice(0, 16);
  const plain = `${signaturePrefix}${options.scriptId}:${options.requestIndex}:${options.partIndex}:${digest}`;
  return Buffer.from(plain, 'utf8').toString('base64');
}
