import { sideExchangeKinds, type SideRole } from '../../record/recording.js';

/** Every role of a model beside the agent's. */
export const sideRoles = Object.keys(sideExchangeKinds) as SideRole[];

/**
 * The route of a model beside the agent's (a judge, the simulated user), beside the scenario's own, on the fake
 * LLM and on the live proxy: `<routeId>.judge`, `<routeId>.user`.
 */
export function sideRouteIdOf(routeId: string, role: SideRole): string {
  return `${routeId}.${sideExchangeKinds[role]}`;
}

/**
 * What a run sent on one side route, split by the turn it belongs to, from how many had been sent as each turn
 * started (`starts`). A judge grades the turn that started last: a turn's judges run from its start to the next
 * turn's (or the end). A simulated user writes the message of the turn that starts next: a turn's run from the
 * turn before's start to its own, and the last turn's on to the end (a user that gave up). The same split writes
 * a recording and checks its replay.
 */
export function splitByTurn<T>(role: SideRole, sent: readonly T[], starts: readonly number[]): T[][] {
  const last = starts.length - 1;
  return starts.map((start, index) =>
    role === 'users'
      ? sent.slice(index === 0 ? 0 : starts[index - 1], index === last ? sent.length : start)
      : sent.slice(index === 0 ? 0 : start, starts[index + 1] ?? sent.length),
  );
}
