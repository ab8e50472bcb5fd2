/** One server-sent event: its name and its `data` line, already serialized. */
export interface SseEvent {
  event: string;
  data: string;
}

/** Frames an event the way the Anthropic API does: `event: <name>\ndata: <json>\n\n`. */
export function formatSseEvent(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${event.data}\n\n`;
}
