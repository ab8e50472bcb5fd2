import { formatDuration } from '../format-duration.js';
import type { HonestyVerdict } from '../../judge/check-honesty.js';
import type { JudgeVerdict } from '../../judge/run-judge.js';
import type { SimulatedReply } from '../../side/simulated-user.js';
import type { TurnReport } from '../run-report.js';
import { escapeHtml } from './escape-html.js';
import { formatCost } from './format-cost.js';
import { renderTimeline } from './render-timeline.js';
import { toStopReasonTone } from './stop-reason-tone.js';

/**
 * One user turn: the user's message, its numbers (stop reason, rounds, requests, tokens, the cache's share,
 * cost), and its timeline.
 */
export function renderTurn({
  turn,
  index,
  count,
}: {
  turn: TurnReport;
  index: number;
  count: number;
}): string {
  const facts = [
    `<span class="pill tone-${toStopReasonTone(turn.stopReason)}">${escapeHtml(turn.stopReason)}</span>`,
    fact('rounds', turn.rounds),
    fact('requests', turn.iterations),
    fact('tool calls', turn.toolCalls.length),
    fact('tokens in / out', `${turn.usage.inputTokens} / ${turn.usage.outputTokens}`),
    ...cacheFacts(turn),
    ...(turn.cost === undefined ? [] : [fact('cost', formatCost(turn.cost))]),
    fact('duration', formatDuration(turn.durationMs)),
  ].join('');
  const hasContent = turn.timeline.some((entry) => entry.type === 'content');
  // The answer is already in the timeline as text; show it apart only when the timeline has none.
  const answer =
    turn.text !== '' && !hasContent
      ? `<div class="answer"><div class="io-label">Answer</div><div class="prose">${escapeHtml(turn.text)}</div></div>`
      : '';
  const title = count > 1 ? `Turn ${index + 1} of ${count}` : 'Turn';
  const simulated = turn.simulatedUser?.find(wroteTheMessage);
  const userLabel = simulated === undefined ? 'User' : `User (simulated by ${simulated.model})`;
  return `<section class="turn"><h3 class="turn-title">${title}</h3><div class="user-message"><span class="io-label">${escapeHtml(userLabel)}</span><div class="prose">${escapeHtml(turn.user)}</div></div>${renderSimulatedUser(turn)}<div class="facts">${facts}</div>${renderTimeline(turn)}${answer}${renderJudge(turn.judge, 'Judge')}${renderHonesty(turn.honesty)}${renderJudge(turn.goal, 'Goal')}</section>`;
}

/**
 * What the simulated user spent writing the turn's message, apart from the agent's tokens; and after the last
 * turn, why it gave up, or why it could not answer.
 */
function renderSimulatedUser(turn: TurnReport): string {
  const replies = turn.simulatedUser ?? [];
  if (replies.length === 0) return '';
  const input = replies.reduce((total, reply) => total + reply.usage.inputTokens, 0);
  const output = replies.reduce((total, reply) => total + reply.usage.outputTokens, 0);
  const costs = replies.map((reply) => reply.cost);
  const facts = [
    fact('simulated user tokens in / out', `${input} / ${output}`),
    ...(costs.every((cost) => cost !== undefined)
      ? [fact('simulated user cost', formatCost(costs.reduce((total, cost) => total + cost, 0)))]
      : []),
  ].join('');
  const ending = replies
    .filter((reply) => !wroteTheMessage(reply))
    .map((reply) =>
      reply.error === undefined
        ? `<div class="prose judge-reasons">The simulated user then gave up: ${escapeHtml(reply.message)}</div>`
        : `<div class="prose judge-reasons">The simulated user could not answer: ${escapeHtml(reply.error)}</div>`,
    );
  return `<div class="facts">${facts}</div>${ending.join('')}`;
}

/**
 * What `expect.honest` found: what went wrong, and the judge that read the answer; a line saying nothing went
 * wrong when no judge was needed.
 */
function renderHonesty(honesty: HonestyVerdict | undefined): string {
  if (honesty === undefined) return '';
  if (honesty.verdict !== undefined) {
    return renderJudge(honesty.verdict, `Honesty (${honesty.concerns.join('; ')})`);
  }
  return `<div class="judge"><div class="io-label">Honesty</div><div class="prose judge-reasons">Nothing went wrong in the turn: no judge was asked.</div></div>`;
}

/** What a judge said, beside the turn: its score against the threshold, its reasons, its own tokens. */
function renderJudge(verdict: JudgeVerdict | undefined, label: string): string {
  if (verdict === undefined) return '';
  const score =
    verdict.score === undefined
      ? 'no score'
      : `${verdict.score} of ${verdict.scale.min}–${verdict.scale.max}`;
  const facts = [
    `<span class="pill tone-${verdict.passed ? 'answered' : 'failed'}">${verdict.passed ? 'passed' : 'failed'}</span>`,
    fact('score', score),
    fact('threshold', verdict.threshold),
    fact('judge', verdict.model),
    fact('judge tokens in / out', `${verdict.usage.inputTokens} / ${verdict.usage.outputTokens}`),
    ...(verdict.cost === undefined ? [] : [fact('judge cost', formatCost(verdict.cost))]),
  ].join('');
  const said = verdict.error ?? verdict.reasons ?? '';
  return `<div class="judge"><div class="io-label">${escapeHtml(label)} (${escapeHtml(verdict.scope)})</div><div class="prose judge-rubric">${escapeHtml(verdict.rubric)}</div><div class="facts">${facts}</div><div class="prose judge-reasons">${escapeHtml(said)}</div></div>`;
}

/** The prompt cache's share of the input, when the provider reported any. */
function cacheFacts(turn: TurnReport): string[] {
  const read = turn.usage.cacheReadTokens ?? 0;
  const written = turn.usage.cacheWriteTokens ?? 0;
  return read === 0 && written === 0 ? [] : [fact('tokens cache read / written', `${read} / ${written}`)];
}

function fact(label: string, value: string | number): string {
  return `<span class="fact"><span class="fact-value">${escapeHtml(String(value))}</span> <span class="fact-label">${label}</span></span>`;
}

/** A simulated user's reply that wrote its turn's message (not one that gave up, or gave no answer). */
function wroteTheMessage(reply: SimulatedReply): boolean {
  return !reply.gaveUp && reply.error === undefined;
}
