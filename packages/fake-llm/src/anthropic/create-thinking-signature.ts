import { createHash } from 'node:crypto';

const signaturePrefix = 'toolloop-fake-llm:';

/**
 * Makes up the signature of a thinking block the fake sends: base64, deterministic for the same script, step
 * and text, and unique per block. Clients must treat it as opaque and send it back byte for byte.
 */
export function createThinkingSignature(options: {
  scenarioId: string;
  requestIndex: number;
  blockIndex: number;
  thinking: string;
}): string {
  const digest = createHash('sha256').update(options.thinking).digest('hex').slice(0, 16);
  const plain = `${signaturePrefix}${options.scenarioId}:${options.requestIndex}:${options.blockIndex}:${digest}`;
  return Buffer.from(plain, 'utf8').toString('base64');
}

/** Whether a signature has the shape of one this fake makes (it may still have been changed). */
export function looksLikeFakeThinkingSignature(signature: string): boolean {
  return Buffer.from(signature, 'base64').toString('utf8').startsWith(signaturePrefix);
}
