import { createHash } from 'node:crypto';

const signaturePrefix = 'toolloop-fake-llm:';

/**
 * Makes up the signature of a thinking block the fake sends: base64, deterministic for the same script, step
 * and text, and unique per block. Clients must treat it as opaque and send it back byte for byte.
 */
export function createThinkingSignature(options: {
  scriptId: string;
  requestIndex: number;
  blockIndex: number;
  thinking: string;
}): string {
  const plain = `${signaturePrefix}${options.scriptId}:${options.requestIndex}:${options.blockIndex}:${digestOf(options.thinking)}`;
  return Buffer.from(plain, 'utf8').toString('base64');
}

/** Whether a signature has the shape of one this fake makes (it may still have been changed). */
export function looksLikeFakeThinkingSignature(signature: string): boolean {
  return Buffer.from(signature, 'base64').toString('utf8').startsWith(signaturePrefix);
}

/**
 * Whether a fake (this one or another: a recording of a served fake, replayed) signed exactly this thinking
 * text, as the API's signatures hold across requests and processes: the signature ends with the text's digest,
 * and is the base64 a fake writes.
 */
export function isFakeThinkingSignatureOf({
  signature,
  thinking,
}: {
  signature: string;
  thinking: string;
}): boolean {
  const plain = Buffer.from(signature, 'base64').toString('utf8');
  return (
    plain.startsWith(signaturePrefix) &&
    plain.endsWith(`:${digestOf(thinking)}`) &&
    Buffer.from(plain, 'utf8').toString('base64') === signature
  );
}

function digestOf(thinking: string): string {
  return createHash('sha256').update(thinking).digest('hex').slice(0, 16);
}
