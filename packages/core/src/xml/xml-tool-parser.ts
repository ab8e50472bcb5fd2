/** What the parser found, in order. Text outside tool blocks may come in several pieces. */
export type XmlToolEvent =
  | { type: 'text'; text: string }
  | { type: 'tool-start'; name: string }
  | { type: 'tool-end'; name: string; params: Record<string, string> }
  | { type: 'malformed'; name: string | undefined; reason: string };

/** An incremental reader of `<tool:NAME><param:P>value</param:P></tool:NAME>` blocks in streamed text. */
export interface XmlToolParser {
  /** Reads the next piece of text; returns what it completed. Text that might begin a tag is held back. */
  push(chunk: string): XmlToolEvent[];
  /** The stream ended: flushes held-back text, and reports a tool block left open. */
  end(): XmlToolEvent[];
}

const toolOpen = '<tool:';
const paramOpen = '<param:';
const namePattern = /^[A-Za-z0-9_.-]+$/;

type State =
  | { mode: 'text' }
  | { mode: 'tool'; name: string; params: Record<string, string> }
  | { mode: 'param'; name: string; params: Record<string, string>; param: string; value: string };

/**
 * Creates a streaming parser for the XML tool protocol. It gives the same events (text joined) whatever
 * the chunk boundaries: it never decides on a partial tag, only holds it until the next chunk or the end.
 * Parameter values are taken verbatim up to their exact closing tag, so they may contain `<` and markup.
 */
export function createXmlToolParser(): XmlToolParser {
  let buffer = '';
  let state: State = { mode: 'text' };

  const step = (events: XmlToolEvent[], atEnd: boolean): boolean => {
    switch (state.mode) {
      case 'text': {
        const start = buffer.indexOf(toolOpen);
        if (start === -1) {
          const keep = atEnd ? 0 : partialSuffix(buffer, toolOpen);
          emitText(events, buffer.slice(0, buffer.length - keep));
          buffer = buffer.slice(buffer.length - keep);
          return false;
        }
        const close = buffer.indexOf('>', start);
        if (close === -1) {
          emitText(events, buffer.slice(0, start));
          buffer = buffer.slice(start);
          if (atEnd) {
            events.push({
              type: 'malformed',
              name: undefined,
              reason: `an unfinished tag '${buffer.slice(0, 40)}'`,
            });
            buffer = '';
          }
          return false;
        }
        const name = buffer.slice(start + toolOpen.length, close);
        if (!namePattern.test(name)) {
          // Not a tool tag after all: keep it as text and look further.
          emitText(events, buffer.slice(0, close + 1));
          buffer = buffer.slice(close + 1);
          return true;
        }
        emitText(events, buffer.slice(0, start));
        buffer = buffer.slice(close + 1);
        state = { mode: 'tool', name, params: {} };
        events.push({ type: 'tool-start', name });
        return true;
      }
      case 'tool': {
        const closing = `</tool:${state.name}>`;
        const trimmed = buffer.replace(/^\s+/, '');
        if (trimmed.startsWith(closing)) {
          buffer = trimmed.slice(closing.length);
          events.push({ type: 'tool-end', name: state.name, params: state.params });
          state = { mode: 'text' };
          return true;
        }
        if (trimmed.startsWith(paramOpen)) {
          const close = trimmed.indexOf('>');
          if (close === -1)
            return failIfEnded(events, atEnd, `an unfinished parameter tag in tool '${state.name}'`);
          const param = trimmed.slice(paramOpen.length, close);
          if (!namePattern.test(param))
            return malformed(events, `a parameter tag '<param:${param}>' with an invalid name`);
          buffer = trimmed.slice(close + 1);
          state = { mode: 'param', name: state.name, params: state.params, param, value: '' };
          return true;
        }
        if (
          trimmed === '' ||
          closing.startsWith(trimmed) ||
          paramOpen.startsWith(trimmed) ||
          (trimmed.startsWith('</tool:') && !trimmed.includes('>'))
        ) {
          buffer = trimmed;
          return failIfEnded(events, atEnd, `tool '${state.name}' was not closed with ${closing}`);
        }
        return malformed(events, `unexpected text '${trimmed.slice(0, 40)}' inside tool '${state.name}'`);
      }
      case 'param': {
        const closing = `</param:${state.param}>`;
        const end = buffer.indexOf(closing);
        if (end === -1) {
          const keep = atEnd ? 0 : partialSuffix(buffer, closing);
          state.value += buffer.slice(0, buffer.length - keep);
          buffer = buffer.slice(buffer.length - keep);
          return failIfEnded(
            events,
            atEnd,
            `parameter '${state.param}' of tool '${state.name}' was not closed with ${closing}`,
          );
        }
        state.params[state.param] = state.value + buffer.slice(0, end);
        buffer = buffer.slice(end + closing.length);
        state = { mode: 'tool', name: state.name, params: state.params };
        return true;
      }
      default: {
        const unexpected: never = state;
        throw new Error(`Unknown parser state ${JSON.stringify(unexpected)}`);
      }
    }
  };

  const malformed = (events: XmlToolEvent[], reason: string): false => {
    const name = state.mode === 'text' ? undefined : state.name;
    events.push({ type: 'malformed', name, reason });
    // The rest of the response cannot be trusted to be tool syntax; it is dropped, and the model is told.
    buffer = '';
    state = { mode: 'text' };
    return false;
  };

  const failIfEnded = (events: XmlToolEvent[], atEnd: boolean, reason: string): false =>
    atEnd ? malformed(events, reason) : false;

  const run = (atEnd: boolean): XmlToolEvent[] => {
    const events: XmlToolEvent[] = [];
    while (step(events, atEnd)) {
      // keep stepping while progress is made
    }
    return events;
  };

  return {
    push(chunk) {
      buffer += chunk;
      return run(false);
    },
    end() {
      return run(true);
    },
  };
}

function emitText(events: XmlToolEvent[], text: string): void {
  if (text === '') return;
  const last = events.at(-1);
  if (last?.type === 'text') last.text += text;
  else events.push({ type: 'text', text });
}

/** How many characters at the end of `text` could be the start of `token` (so must wait for more). */
function partialSuffix(text: string, token: string): number {
  for (let length = Math.min(token.length - 1, text.length); length > 0; length -= 1) {
    if (token.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
