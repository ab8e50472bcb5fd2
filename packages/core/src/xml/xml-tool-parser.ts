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
/** How much of the text a report of unexpected text quotes. */
const quotedLength = 40;

type State =
  | { mode: 'text' }
  | { mode: 'tool'; name: string; params: Record<string, string> }
  | { mode: 'param'; name: string; params: Record<string, string>; param: string; value: string };

/**
 * Creates a streaming parser for the XML tool protocol. It gives the same events (text joined) whatever
 * the chunk boundaries: it never decides on a partial tag, only holds it until the next chunk or the end.
 * Parameter values are taken verbatim up to their exact closing tag, so they may contain `<` and markup. After a
 * malformed block the rest of the text is dropped, but for the start of a next tool block, reported so that a
 * reader taking one tool can stop there; nothing after it is read.
 */
export function createXmlToolParser(): XmlToolParser {
  let buffer = '';
  // Whether the held tag stays held, with nothing to report, until a `>` comes: then the chunks without one
  // wait in `waiting`, not joined to `buffer` (a text grown a chunk at a time is copied whole when searched),
  // so a tag that never ends costs its length once, not once a chunk.
  let heldUntilClose = false;
  const waiting: string[] = [];
  let state: State = { mode: 'text' };
  // Once a block is malformed, what follows is dropped, in this chunk and every later one, but for the start of
  // a next tool block, which is reported (a reader that takes one tool stops there); then nothing more is read.
  let phase: 'reading' | 'dropping' | 'done' = 'reading';
  const emit = (events: XmlToolEvent[], text: string): void => {
    if (phase === 'reading') emitText(events, text);
  };
  const cut = (rest: string): void => {
    buffer = rest;
    heldUntilClose = false;
  };
  /**
   * Holds `rest`, an unfinished tag with no `>` in it, for the next chunk; `untilClose` when no text without
   * `>` can make it anything else (a tool, parameter or closing tag whose name goes on).
   */
  const hold = (rest: string, untilClose: boolean): void => {
    buffer = rest;
    heldUntilClose = untilClose;
  };
  /** Adds the chunks that waited to `buffer`: none of them has a `>`. */
  const takeWaiting = (): void => {
    if (waiting.length === 0) return;
    buffer += waiting.join('');
    waiting.length = 0;
  };

  const step = (events: XmlToolEvent[], atEnd: boolean): boolean => {
    switch (state.mode) {
      case 'text': {
        const start = buffer.indexOf(toolOpen);
        if (start === -1) {
          const keep = atEnd ? 0 : partialSuffix(buffer, toolOpen);
          emit(events, buffer.slice(0, buffer.length - keep));
          cut(buffer.slice(buffer.length - keep));
          return false;
        }
        const close = buffer.indexOf('>', start);
        if (close === -1) {
          emit(events, buffer.slice(0, start));
          hold(buffer.slice(start), true);
          if (atEnd) {
            if (phase === 'reading')
              events.push({
                type: 'malformed',
                name: undefined,
                reason: `an unfinished tag '${buffer.slice(0, 40)}'`,
              });
            cut('');
          }
          return false;
        }
        const name = buffer.slice(start + toolOpen.length, close);
        if (!namePattern.test(name)) {
          // Not a tool tag after all: keep it as text and look further.
          emit(events, buffer.slice(0, close + 1));
          cut(buffer.slice(close + 1));
          return true;
        }
        emit(events, buffer.slice(0, start));
        cut(buffer.slice(close + 1));
        events.push({ type: 'tool-start', name });
        if (phase === 'dropping') {
          phase = 'done';
          cut('');
          return false;
        }
        state = { mode: 'tool', name, params: {} };
        return true;
      }
      case 'tool': {
        const closing = `</tool:${state.name}>`;
        const trimmed = buffer.replace(/^\s+/, '');
        if (trimmed.startsWith(closing)) {
          cut(trimmed.slice(closing.length));
          events.push({ type: 'tool-end', name: state.name, params: state.params });
          state = { mode: 'text' };
          return true;
        }
        const closeAt = trimmed.indexOf('>');
        if (trimmed.startsWith(paramOpen)) {
          if (closeAt === -1) {
            hold(trimmed, true);
            return failIfEnded(events, atEnd, `an unfinished parameter tag in tool '${state.name}'`);
          }
          const param = trimmed.slice(paramOpen.length, closeAt);
          if (!namePattern.test(param))
            return malformed(events, `a parameter tag '<param:${param}>' with an invalid name`);
          cut(trimmed.slice(closeAt + 1));
          state = { mode: 'param', name: state.name, params: state.params, param, value: '' };
          return true;
        }
        if (
          trimmed === '' ||
          closing.startsWith(trimmed) ||
          paramOpen.startsWith(trimmed) ||
          (trimmed.startsWith('</tool:') && closeAt === -1)
        ) {
          // None of these holds a `>`: a strict beginning of the closing or parameter tag, or a closing tag
          // not yet ended (which only a `>` ends, whatever comes before it).
          hold(trimmed, trimmed.startsWith('</tool:'));
          return failIfEnded(events, atEnd, `tool '${state.name}' was not closed with ${closing}`);
        }
        // The report quotes the text: it waits for as much as it quotes, so that it says the same whatever the
        // chunks were.
        if (!atEnd && trimmed.length < quotedLength) {
          cut(trimmed);
          return false;
        }
        return malformed(
          events,
          `unexpected text '${trimmed.slice(0, quotedLength)}' inside tool '${state.name}'`,
        );
      }
      case 'param': {
        const closing = `</param:${state.param}>`;
        const end = buffer.indexOf(closing);
        if (end === -1) {
          const keep = atEnd ? 0 : partialSuffix(buffer, closing);
          state.value += buffer.slice(0, buffer.length - keep);
          cut(buffer.slice(buffer.length - keep));
          return failIfEnded(
            events,
            atEnd,
            `parameter '${state.param}' of tool '${state.name}' was not closed with ${closing}`,
          );
        }
        state.params[state.param] = state.value + buffer.slice(0, end);
        cut(buffer.slice(end + closing.length));
        state = { mode: 'tool', name: state.name, params: state.params };
        return true;
      }
      default: {
        const unexpected: never = state;
        throw new Error(`Unknown parser state ${JSON.stringify(unexpected)}`);
      }
    }
  };

  const malformed = (events: XmlToolEvent[], reason: string): true => {
    const name = state.mode === 'text' ? undefined : state.name;
    events.push({ type: 'malformed', name, reason });
    // The rest of the response cannot be trusted to be tool syntax; it is dropped, and the model is told. It is
    // still read from where the block went wrong, in this chunk as in later ones, for a next tool block's start.
    cut(buffer);
    phase = 'dropping';
    state = { mode: 'text' };
    return true;
  };

  const failIfEnded = (events: XmlToolEvent[], atEnd: boolean, reason: string): boolean =>
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
      if (phase === 'done') return [];
      if (heldUntilClose && !chunk.includes('>')) {
        waiting.push(chunk);
        return [];
      }
      takeWaiting();
      buffer += chunk;
      return run(false);
    },
    end() {
      if (phase === 'done') return [];
      takeWaiting();
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
