/** A live run that cannot start: a key that is not set. The message names the variable, never a value. */
export class LiveSetupError extends Error {
  override readonly name = 'LiveSetupError';
}
