/** One server-sent event: its id (if any) and its data. */
export interface SseEvent {
  id: string | undefined;
  data: string;
}

/**
 * Reads the events of an SSE response until `isLast` says an event is the last one wanted, then cancels the
 * body (which drops the connection) and resolves with the events read.
 */
export async function readSseEvents(options: {
  response: Response;
  isLast: (event: SseEvent) => boolean;
}): Promise<SseEvent[]> {
  const body = options.response.body;
  if (body === null) throw new Error('The response has no body.');
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const events: SseEvent[] = [];
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return events;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const event = parseEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        if (event === undefined) continue;
        events.push(event);
        if (options.isLast(event)) return events;
      }
    }
  } finally {
    await reader.cancel();
  }
}

function parseEvent(text: string): SseEvent | undefined {
  let id: string | undefined;
  const data: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('id:')) id = line.slice(3).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  // Comment-only blocks (keep-alives) carry neither.
  return id === undefined && data.length === 0 ? undefined : { id, data: data.join('\n') };
}
