import { formatDuration } from '../format-duration.js';
import type { ScenarioResult } from '../run-report.js';
import { escapeHtml } from './escape-html.js';
import { formatCost } from './format-cost.js';
import { renderTurn } from './render-turn.js';
import { renderValueDiff } from './render-value-diff.js';

const statusLabels: Record<ScenarioResult['status'], string> = {
  passed: 'Pass',
  failed: 'Fail',
  skipped: 'Skip',
};

/**
 * One scenario as a `<details>` card (open when it failed): a header line, its failures with diffs, a runner
 * error, and each turn's timeline. `data-*` attributes drive the page's filters.
 */
export function renderScenario({ scenario, index }: { scenario: ScenarioResult; index: number }): string {
  const { text, indexAt } = renderScenarioWithoutIndex(scenario);
  return `${text.slice(0, indexAt)}${index}${text.slice(indexAt)}`;
}

/**
 * The card `renderScenario` draws, without its place on the page (the number of its `id`, known only once
 * every scenario has ended): `indexAt` is where that number goes in `text`.
 */
export function renderScenarioWithoutIndex(scenario: ScenarioResult): { text: string; indexAt: number } {
  const isFlaky = scenario.repeat?.flaky === true;
  const search = [scenario.name, scenario.file, ...scenario.tags].join(' ').toLowerCase();
  const tags = scenario.tags.map((tag) => `<span class="chip chip-tag">${escapeHtml(tag)}</span>`).join('');
  const repeat = scenario.repeat
    ? `<span class="chip ${isFlaky ? 'chip-flaky' : 'chip-muted'}" title="runs passed under --repeat">${scenario.repeat.passed}/${scenario.repeat.runs} runs · pass^k ${scenario.repeat.passAllK ? 'yes' : 'no'}${isFlaky ? ' · flaky' : ''}</span>`
    : '';
  const spent =
    scenario.tokens !== undefined && scenario.tokens.input + scenario.tokens.output > 0
      ? `<span class="chip chip-muted" title="tokens in and out over every run${scenario.cost === undefined ? '' : ', and their cost'}">${scenario.tokens.input} in · ${scenario.tokens.output} out${scenario.cost === undefined ? '' : ` · ${formatCost(scenario.cost)}`}</span>`
      : '';
  const judged =
    scenario.judgeTokens === undefined
      ? ''
      : `<span class="chip chip-muted" title="the judges' tokens in and out, apart from the agent's${scenario.judgeCost === undefined ? '' : ', and their cost'}">judges ${scenario.judgeTokens.input} in · ${scenario.judgeTokens.output} out${scenario.judgeCost === undefined ? '' : ` · ${formatCost(scenario.judgeCost)}`}</span>`;
  const simulated =
    scenario.simulatedUserTokens === undefined
      ? ''
      : `<span class="chip chip-muted" title="the simulated user's tokens in and out, apart from the agent's and the judges'${scenario.simulatedUserCost === undefined ? '' : ', and their cost'}">simulated user ${scenario.simulatedUserTokens.input} in · ${scenario.simulatedUserTokens.output} out${scenario.simulatedUserCost === undefined ? '' : ` · ${formatCost(scenario.simulatedUserCost)}`}</span>`;
  const source =
    scenario.source === 'recording'
      ? `<span class="chip chip-source" title="the model's answers came from its recording">replayed</span>`
      : scenario.source === 'live'
        ? `<span class="chip chip-source" title="the model's answers came from the real API">live</span>`
        : '';
  const summary = `<summary><span class="badge badge-${scenario.status}">${statusLabels[scenario.status]}</span><span class="scenario-name">${escapeHtml(scenario.name)}</span><span class="scenario-file">${escapeHtml(scenario.file)}</span>${tags}${source}${repeat}${spent}${judged}${simulated}<span class="scenario-duration">${scenario.status === 'skipped' ? '' : formatDuration(scenario.durationMs)}</span></summary>`;
  const parts = [renderFailures(scenario), renderRunnerError(scenario)];
  parts.push(
    ...scenario.turns.map((turn, turnIndex) =>
      renderTurn({ turn, index: turnIndex, count: scenario.turns.length }),
    ),
  );
  if (scenario.status === 'skipped') parts.push('<p class="muted">Skipped: this scenario did not run.</p>');
  const opening = `<details class="scenario status-${scenario.status}" id="scenario-`;
  return {
    text: `${opening}" data-status="${scenario.status}" data-flaky="${isFlaky}" data-search="${escapeHtml(search)}"${scenario.status === 'failed' ? ' open' : ''}>${summary}<div class="scenario-body">${parts.join('')}</div></details>`,
    indexAt: opening.length,
  };
}

function renderFailures(scenario: ScenarioResult): string {
  if (scenario.failures.length === 0) return '';
  const items = scenario.failures
    .map(
      (failure) =>
        `<li class="failure"><code class="failure-path">${escapeHtml(failure.path)}</code><p class="failure-message">${escapeHtml(failure.message)}</p>${renderValueDiff({ expected: failure.expected, actual: failure.actual })}</li>`,
    )
    .join('');
  const count = scenario.failures.length;
  return `<section class="failures"><h3>${count} failed expectation${count === 1 ? '' : 's'}</h3><ul>${items}</ul></section>`;
}

function renderRunnerError(scenario: ScenarioResult): string {
  if (!scenario.error) return '';
  const stack = scenario.error.stack
    ? `<details class="fold"><summary>Stack</summary><pre>${escapeHtml(scenario.error.stack)}</pre></details>`
    : '';
  return `<section class="runner-error"><h3>Runner error</h3><p class="failure-message">${escapeHtml(scenario.error.message)}</p>${stack}</section>`;
}
