import { readChatCompletionsRequest } from './read-chat-completions-request.js';
import { readConverseRequest } from './read-converse-request.js';
import { readGeminiRequest } from './read-gemini-request.js';
import { readMessagesRequest } from './read-messages-request.js';
import { readOllamaRequest } from './read-ollama-request.js';
import { readResponsesRequest } from './read-responses-request.js';
import { asObject, type WireRequest } from './wire-request.js';

/** Each wire's request reader, by the path its requests go to (the Messages API's is the rest). */
const readers: ReadonlyArray<[RegExp, (body: ReturnType<typeof asObject>) => WireRequest]> = [
  [/\/chat\/completions$/u, readChatCompletionsRequest],
  [/\/responses$/u, readResponsesRequest],
  [/:(?:stream)?[gG]enerateContent$/u, readGeminiRequest],
  [/\/converse(?:-stream)?$/u, readConverseRequest],
  [/\/api\/chat$/u, readOllamaRequest],
];

/** What a request to any wire carried, in the words every wire's expectations share; `path` names the wire. */
export function readWireRequest({ path, body }: { path: string; body: unknown }): WireRequest {
  const withoutQuery = path.split('?')[0] ?? path;
  const read = readers.find(([pattern]) => pattern.test(withoutQuery))?.[1] ?? readMessagesRequest;
  return read(asObject(body));
}
