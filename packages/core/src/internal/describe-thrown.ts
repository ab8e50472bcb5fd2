/** What is said of a thrown value that cannot be turned into text at all. */
const indescribable = 'a thrown value that cannot be described';

/**
 * A one-line description of anything thrown, for messages the model or the user reads: an Error's message, a
 * string as it is, anything else through `String()`. Never throws — not for a null-prototype object, a getter
 * or `toString` that throws, or a Proxy whose traps do.
 */
export function describeThrown(thrown: unknown): string {
  try {
    if (thrown instanceof Error) {
      const message: unknown = thrown.message;
      if (typeof message === 'string' && message !== '') return message;
      const name: unknown = thrown.name;
      return typeof name === 'string' && name !== '' ? name : 'Error';
    }
    if (typeof thrown === 'string') return thrown;
    const text = String(thrown);
    return typeof text === 'string' ? text : indescribable;
  } catch {
    return indescribable;
  }
}
