/**
 * A live run that cannot start: a key that is not set (the message names the variable, never a value), or the
 * packages a live Bedrock run signs with are not installed.
 */
export class LiveSetupError extends Error {
  override readonly name = 'LiveSetupError';
}
