/** The `anthropic-version`s the fake speaks, each with the request definitions of the SDK that sent it. */
export const messagesApiVersions = ['2023-06-01', '2026-10-21'] as const;

/** An `anthropic-version` the fake speaks. */
export type MessagesApiVersion = (typeof messagesApiVersions)[number];

/**
 * The version a request's `anthropic-version` header names: 2023-06-01 when it sends none (the fake lets that
 * through, where the API asks for the header), `undefined` for a version the fake does not speak.
 */
export function readMessagesApiVersion(header: string | null): MessagesApiVersion | undefined {
  if (header === null) return '2023-06-01';
  return messagesApiVersions.find((version) => version === header);
}
