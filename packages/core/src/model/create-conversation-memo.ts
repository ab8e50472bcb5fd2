import { flattenInto, matches } from './part-values.js';

/**
 * What a conversion or a count of a whole conversation keeps from request to request, for a loop, which sends
 * every earlier message again with each round's new ones. Kept for each conversation by its first message, held
 * weakly, with the objects and values of its messages as last seen: the next request's messages are checked
 * against them in one walk (no lookup a message), and how many are unchanged from the first is given to the work,
 * which redoes only the rest. A message edited in place at any depth, removed, or replaced (it or any object in it,
 * even by an equal copy, as what the work made may hold its objects) ends the unchanged part there; a
 * conversation whose first message another one shares is only worked out again. Work that throws leaves nothing
 * kept: the next request starts from nothing.
 *
 * What is kept lives as long as the first message. A first message many conversations share (a module's constant
 * prompt object) keeps the values and state of the last conversation that used it, until the next one replaces
 * them: one conversation's worth for each such message, never more.
 */
export interface ConversationMemo<STATE> {
  /**
   * Calls `update` with the state kept for the conversation of `messages` (new from `createState` the first
   * time) and how many of `messages`, from the first, are the objects they were at the last call, holding the
   * values they held; `update` changes the state to that of `messages` and gives its result and from which
   * message on it worked again (at most `unchanged`).
   */
  use<RESULT>(
    messages: readonly object[],
    update: (state: STATE, unchanged: number) => { result: RESULT; redoneFrom: number },
  ): RESULT;
}

export function createConversationMemo<STATE>(createState: () => STATE): ConversationMemo<STATE> {
  const kept = new WeakMap<object, { snapshot: ListSnapshot; state: STATE }>();
  return {
    use(messages, update) {
      const first = messages[0];
      if (first === undefined) return update(createState(), 0).result;
      const conversation = kept.get(first) ?? { snapshot: createListSnapshot(), state: createState() };
      // Kept again only once the work is whole: work that throws leaves nothing half-made for the next request.
      kept.delete(first);
      const { result, redoneFrom } = update(
        conversation.state,
        conversation.snapshot.unchangedPrefix(messages),
      );
      conversation.snapshot.record(messages, redoneFrom);
      kept.set(first, conversation);
      return result;
    },
  };
}

/** The values of a list of parts as last recorded, in one array, and where each part's values end. */
export interface ListSnapshot {
  /** How many of `parts`, from the first, are the objects recorded at their places, holding the same values. */
  unchangedPrefix(parts: readonly object[]): number;
  /** Records `parts` as the snapshot's list; the first `kept` are those recorded already (`unchangedPrefix`). */
  record(parts: readonly object[], kept: number): void;
}

export function createListSnapshot(): ListSnapshot {
  const values: unknown[] = [];
  // Where each recorded part's values end.
  const ends: number[] = [];
  return {
    unchangedPrefix(parts) {
      const walk = { values, index: 0 };
      let count = 0;
      while (count < parts.length && count < ends.length) {
        const part = parts[count];
        if (part === undefined || !matches(part, walk) || walk.index !== ends[count]) break;
        count += 1;
      }
      return count;
    },
    record(parts, kept) {
      values.length = kept === 0 ? 0 : (ends[kept - 1] ?? 0);
      ends.length = kept;
      for (let index = kept; index < parts.length; index += 1) {
        const part = parts[index];
        if (part !== undefined) flattenInto(values, part);
        ends.push(values.length);
      }
    },
  };
}
