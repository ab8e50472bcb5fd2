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
 * What a run sent on one route, split by the turn it was sent in: a turn's part runs from its start (`starts`,
 * how many had been sent as each turn started) to the next turn's start, or the end; the first turn's part holds
 * what came before it too. The same split writes a recording and checks its replay.
 */
export function splitByTurn<T>(sent: readonly T[], starts: readonly number[]): T[][] {
  return starts.map((start, index) => sent.slice(index === 0 ? 0 : start, starts[index + 1] ?? sent.length));
}
