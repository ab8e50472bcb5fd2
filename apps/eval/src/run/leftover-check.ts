/**
 * When the runner checks that nothing is left running: `turn` fails a turn that leaves a timer, and a scenario
 * that leaves a timer, socket, server or child process once it ended; `scenario` only the latter (for an agent
 * whose timers rightly live from turn to turn, such as a session's idle timer cleared at its end); `off` watches
 * nothing, which makes a run about a tenth faster.
 */
export type LeftoverCheck = 'turn' | 'scenario' | 'off';

export const leftoverChecks: readonly LeftoverCheck[] = ['turn', 'scenario', 'off'];
