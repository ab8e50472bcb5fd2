import { escapeLine } from '../escape-control-characters.js';
import { formatDuration } from '../format-duration.js';
import type { ScenarioResult } from '../run-report.js';
import type { Colors } from './colors.js';

/**
 * One line for a finished scenario: `✓ name (12 ms)`, `✗ name (31 ms)`, `○ name (skipped)`; `replayed` or
 * `live` after the time when the answers came from a recording or the real API; `judged 4/5` with each judged
 * turn's score; `simulated 3 turns, goal reached` when a simulated user wrote turns.
 */
export function formatScenarioLine({ result, colors }: { result: ScenarioResult; colors: Colors }): string {
  const name = escapeLine(result.name);
  const duration = colors.dim(`(${formatDuration(result.durationMs)})`);
  // A scripted run is the usual case; a replayed or live one says so.
  const source =
    result.source === 'recording'
      ? ` ${colors.dim('replayed')}`
      : result.source === 'live'
        ? ` ${colors.dim('live')}`
        : '';
  const repeat = result.repeat
    ? ` ${colors.dim(`${result.repeat.passed}/${result.repeat.runs} runs passed`)}${result.repeat.flaky ? ` · ${colors.yellow('flaky')}` : ''}`
    : '';
  const scores = result.turns.flatMap((turn) =>
    turn.judge === undefined
      ? []
      : [`${turn.judge.score === undefined ? '–' : turn.judge.score}/${turn.judge.scale.max}`],
  );
  const judged = scores.length === 0 ? '' : ` ${colors.dim(`judged ${scores.join(', ')}`)}`;
  // A turn the simulated user wrote (a scripted turn may keep only the reply that gave up after it).
  const simulatedTurns = result.turns.filter((turn) =>
    turn.simulatedUser?.some((reply) => !reply.gaveUp && reply.error === undefined),
  );
  const reached = simulatedTurns.at(-1)?.goal?.passed === true;
  const simulated =
    simulatedTurns.length === 0
      ? ''
      : ` ${colors.dim(`simulated ${simulatedTurns.length} turn${simulatedTurns.length === 1 ? '' : 's'}${reached ? ', goal reached' : ''}`)}`;
  switch (result.status) {
    case 'passed':
      return `${colors.green('✓')} ${name} ${duration}${source}${judged}${simulated}${repeat}`;
    case 'failed': {
      const reason = result.error ? ` ${colors.red('runner error')}` : '';
      return `${colors.red('✗')} ${name} ${duration}${source}${reason}${judged}${simulated}${repeat}`;
    }
    case 'skipped':
      return `${colors.yellow('○')} ${name} ${colors.dim('(skipped)')}`;
    default: {
      const unknownStatus: never = result.status;
      throw new Error(`Unknown scenario status: ${String(unknownStatus)}`);
    }
  }
}
