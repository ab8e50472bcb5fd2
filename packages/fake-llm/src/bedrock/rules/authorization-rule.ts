import type { BedrockRule } from './bedrock-rule.js';

/**
 * A request without an `Authorization` header: the AWS SDK signs every request (SigV4, `AWS4-HMAC-SHA256 …`),
 * and Bedrock API keys go as `Bearer …`. The fake checks that one is there, not the signature.
 */
export const authorizationRule: BedrockRule = {
  id: 'bedrock/missing-authorization',
  wire: 'bedrock',
  outcome: 'refuses',
  summary:
    'A request without an Authorization header (the SDK signs every request; the signature is not checked).',
  source:
    "Bedrock's 403 AccessDeniedException for a request without one, quoted in " +
    'https://github.com/karthink/gptel/issues/1397 and https://github.com/anthropics/claude-code/issues/44963.',
  check({ authorization }) {
    if (authorization !== null && authorization.trim() !== '') return undefined;
    return { status: 403, type: 'AccessDeniedException', message: 'Authorization header is missing' };
  },
};
