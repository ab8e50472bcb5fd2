import type { Message } from '@toolloop/core';
import { chargeTurn, userText } from './charge-turn.js';

/** What one run of a host process (one start of it: `h1-r2` is host 1's second) said on its stdout. */
export interface HostRunReport {
  /** The host as it names itself in its answers and charge runs: its slot and its run. */
  host: string;
  /** Whether the harness killed it (SIGKILL); its last message, if unanswered, was in flight. */
  killed: boolean;
  /** The messages it sent, in order (each before its turn started). */
  sent: Array<{ sessionId: string; text: string }>;
  /** The messages whose turn it saw end, with the stop reason and the milliseconds `sendMessage` took. */
  done: Array<{ sessionId: string; text: string; stopReason: string; ms: number }>;
  /** The messages whose `sendMessage` threw, with the error's name and message. */
  failed: Array<{ sessionId: string; text: string; error: string }>;
}

/** What the hosts benchmark gathered once every host had stopped, for {@link checkHostsInvariants}. */
export interface HostsEvidence {
  reports: readonly HostRunReport[];
  /** Each session's stored transcript, once the turns left under way were finished. */
  transcripts: ReadonlyArray<{ sessionId: string; messages: readonly Message[] }>;
  /** Every run of `charge`, in order: the call id (which names the message) and the host that ran it. */
  runs: ReadonlyArray<{ callId: string; host: string }>;
  /** The turns the harness finished with `continueTurnStream`, and how each ended. */
  continuations: ReadonlyArray<{ sessionId: string; stopReason: string }>;
}

/** The invariants, by name: each must hold after any run, whatever was killed when. */
export const hostsInvariantNames = [
  'no acknowledged message lost',
  'no message twice',
  'transcripts are whole turns',
  'no charge run twice',
  'every turn completed',
] as const;

/** One invariant's name. */
export type HostsInvariantName = (typeof hostsInvariantNames)[number];

/** One invariant checked: whether it held and, when not, what broke it (a few examples and how many). */
export interface HostsInvariantCheck {
  name: HostsInvariantName;
  held: boolean;
  detail: string;
}

/** What {@link checkHostsInvariants} found. */
export interface HostsCheck {
  invariants: HostsInvariantCheck[];
  /** Whole turns found in the transcripts. */
  turns: number;
  /**
   * Turns answered by another host than the one that sent their message (its host was killed mid-turn):
   * all of them, those the harness finished at the end, and those whose charge ran on one host and answer came
   * from another.
   */
  resumed: { total: number; byContinuation: number; chargeElsewhere: number };
  /** Messages sent by a host killed before it saved them: in flight, never acknowledged, so allowed to be lost. */
  lostInFlight: number;
}

/** How many examples an invariant's detail names. */
const examples = 3;

/**
 * Checks what hosts killed under load must never do: lose a message a host saw answered (only a killed host's
 * message in flight may be missing), keep a message twice, leave a transcript that is not whole turns one after
 * the other (message, `charge` call, its result, the answer), run a `charge` twice, or end a turn other than
 * `completed`. Message texts are unique and name the host run that sent them (`<host>-m<sequence>`).
 */
export function checkHostsInvariants({
  reports,
  transcripts,
  runs,
  continuations,
}: HostsEvidence): HostsCheck {
  const keptTexts: string[] = [];
  const malformed: string[] = [];
  const answeredBy = new Map<string, string>();
  for (const { sessionId, messages } of transcripts) {
    for (const message of messages) {
      const text = userText(message);
      if (text !== undefined) keptTexts.push(text);
    }
    const turns = readTurns(messages);
    malformed.push(...turns.malformed.map((where) => `${sessionId} ${where}`));
    for (const turn of turns.whole) answeredBy.set(turn.text, turn.host);
  }
  const kept = new Set(keptTexts);

  const killedInFlight = new Set(
    reports.flatMap((report) => {
      const last = report.sent.at(-1);
      const ended = [...report.done, ...report.failed].some(({ text }) => text === last?.text);
      return report.killed && last !== undefined && !ended ? [last.text] : [];
    }),
  );
  const acknowledged = reports.flatMap((report) => report.done.map(({ text }) => text));
  const answered = new Set(acknowledged);
  const failed = new Set(reports.flatMap((report) => report.failed.map(({ text }) => text)));
  const lost = [
    ...acknowledged.filter((text) => !kept.has(text)).map((text) => `${text} (answered)`),
    ...reports
      .flatMap((report) => report.sent.map(({ text }) => text))
      .filter((text) => !kept.has(text) && !answered.has(text))
      .filter((text) => !killedInFlight.has(text) && !failed.has(text))
      .map((text) => `${text} (sent, not in flight at a kill)`),
  ];

  const twice = duplicates(keptTexts).map(([text, count]) => `${text} kept ${count} times`);
  const runsById = new Map<string, string[]>();
  for (const { callId, host } of runs) runsById.set(callId, [...(runsById.get(callId) ?? []), host]);
  const chargedTwice = [...runsById]
    .filter(([, hosts]) => hosts.length > 1)
    .map(([callId, hosts]) => `${callId} ran ${hosts.length} times (${hosts.join(', ')})`);
  const unfinished = [
    ...reports.flatMap((report) =>
      report.done
        .filter(({ stopReason }) => stopReason !== 'completed')
        .map(({ text, stopReason }) => `${text} ended ${stopReason}`),
    ),
    ...reports.flatMap((report) => report.failed.map(({ text, error }) => `${text} failed: ${error}`)),
    ...continuations
      .filter(({ stopReason }) => stopReason !== 'completed')
      .map(({ sessionId, stopReason }) => `the turn under way in ${sessionId} ended ${stopReason}`),
  ];

  const broken: Record<HostsInvariantName, string[]> = {
    'no acknowledged message lost': lost,
    'no message twice': twice,
    'transcripts are whole turns': malformed,
    'no charge run twice': chargedTwice,
    'every turn completed': unfinished,
  };
  const invariants = hostsInvariantNames.map((name) => ({
    name,
    held: broken[name].length === 0,
    detail: describe(broken[name]),
  }));

  let resumed = 0;
  let chargeElsewhere = 0;
  for (const [text, host] of answeredBy) {
    if (host !== senderOf(text)) resumed += 1;
    const charged = runsById.get(chargeTurn.callId(text))?.[0];
    if (charged !== undefined && charged !== host) chargeElsewhere += 1;
  }
  const lostInFlight = [...killedInFlight].filter((text) => !kept.has(text)).length;
  return {
    invariants,
    turns: answeredBy.size,
    resumed: { total: resumed, byContinuation: continuations.length, chargeElsewhere },
    lostInFlight,
  };
}

/** Throws, naming every broken invariant and what broke it, unless all held. */
export function assertHostsInvariants(check: HostsCheck): void {
  const broken = check.invariants.filter(({ held }) => !held);
  if (broken.length > 0)
    throw new Error(
      `Hosts on several machines: ${broken.length === 1 ? 'an invariant was' : `${broken.length} invariants were`} broken: ` +
        broken.map(({ name, detail }) => `${name} (${detail})`).join('; '),
    );
}

/** The host run that sent a message, from its text (`h1-r2-m17` was sent by `h1-r2`). */
export function senderOf(text: string): string {
  return text.replace(/-m\d+$/u, '');
}

/**
 * A transcript read as turns: each a user's message, an assistant's `charge` call for it, the call's result and
 * an answer to it. What does not fit is named by its position; reading goes on at the next user message.
 */
function readTurns(messages: readonly Message[]): {
  whole: Array<{ text: string; host: string }>;
  malformed: string[];
} {
  const whole: Array<{ text: string; host: string }> = [];
  const malformed: string[] = [];
  let index = 0;
  while (index < messages.length) {
    const [user, call, result, answer] = messages.slice(index, index + 4);
    const text = userText(user);
    const callId = text === undefined ? '' : chargeTurn.callId(text);
    const called =
      call?.role === 'assistant' &&
      call.content.some((part) => part.type === 'tool-call' && part.id === callId);
    const answered = result?.role === 'tool' && result.content.some((part) => part.toolCallId === callId);
    const answerText =
      answer?.role === 'assistant'
        ? answer.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
        : '';
    const parsed = chargeTurn.parseAnswer(answerText);
    if (text !== undefined && called && answered && parsed?.text === text) {
      whole.push({ text, host: parsed.host });
      index += 4;
      continue;
    }
    malformed.push(
      `at message ${index}: ${messages
        .slice(index, index + 4)
        .map((message) => summarizeMessage(message))
        .join(', ')}`,
    );
    index += 1;
    while (index < messages.length && messages[index]?.role !== 'user') index += 1;
  }
  return { whole, malformed };
}

function summarizeMessage(message: Message): string {
  switch (message.role) {
    case 'user':
      return `user ${userText(message) ?? ''}`;
    case 'assistant':
      return `assistant ${message.content.map((part) => (part.type === 'tool-call' ? `call ${part.id}` : part.type === 'text' ? JSON.stringify(part.text) : part.type)).join(' ')}`;
    case 'tool':
      return `tool ${message.content.map((part) => `result ${part.toolCallId}`).join(' ')}`;
    default: {
      const unexpected: never = message;
      return String(unexpected);
    }
  }
}

function duplicates(items: readonly string[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1);
}

function describe(problems: readonly string[]): string {
  if (problems.length === 0) return 'held';
  const shown = problems.slice(0, examples).join('; ');
  return problems.length > examples ? `${problems.length} cases, e.g. ${shown}` : shown;
}
