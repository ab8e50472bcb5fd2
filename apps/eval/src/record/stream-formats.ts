/** A kind of streamed answer a recording keeps: the file it is kept in and the content type it is sent back with. */
export interface StreamFormat {
  /** The answer's file is `turn-N/model-M.response.<extension>`. */
  extension: string;
  contentType: string;
  /** Whether the stream is text (UTF-8) that a secret can be replaced in, or bytes that must stay as they came. */
  text: boolean;
}

/**
 * The streams the wires answer with: server-sent events (the Messages API, OpenAI's two APIs, Gemini), Ollama's
 * newline-delimited JSON, and Bedrock's binary AWS event stream, whose frames carry checksums of their bytes.
 */
export const streamFormats: readonly StreamFormat[] = [
  { extension: 'sse', contentType: 'text/event-stream', text: true },
  { extension: 'ndjson', contentType: 'application/x-ndjson', text: true },
  { extension: 'bin', contentType: 'application/vnd.amazon.eventstream', text: false },
];

/** The stream format of an answer's content type (its parameters, such as `charset`, aside), if it is one. */
export function findStreamFormat(contentType: string): StreamFormat | undefined {
  const type = contentType.split(';')[0]?.trim().toLowerCase();
  return streamFormats.find((format) => format.contentType === type);
}

/** The extension of the file an answer streamed as `contentType` is kept in (`turn-N/model-M.response.<it>`). */
export function streamExtensionOf(contentType: string): string {
  // The proxy keeps as a stream only the answers of a format above; any other is kept as its bytes.
  return findStreamFormat(contentType)?.extension ?? 'bin';
}
