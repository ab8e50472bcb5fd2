import { shortenForMessage } from '../internal/shorten-for-message.js';

/** A request line as an error message quotes it: the method and the path, each cut to a bounded length. */
export function describeRequestLine(method: string, path: string): string {
  return `${shortenForMessage(method, 20)} ${shortenForMessage(path)}`;
}
