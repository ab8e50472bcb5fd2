import type { GoalCheck } from '../bench-results.js';
import { renderMarkdownTable } from './render-markdown-table.js';

/** The goals table: each goal, the measured figure, and met or missed. */
export function renderGoalsSection(goals: readonly GoalCheck[]): string {
  return renderMarkdownTable({
    headers: ['goal', 'measured', 'result'],
    rows: goals.map((goal) => [goal.goal, goal.measured, goal.met ? 'met' : '**missed**']),
  });
}
