import type { ProgressStep } from '../spec/progress-step-schema.js';
import type { CallContext } from './call-context.js';
import { waitForDelay } from './wait-for-delay.js';

/**
 * Sends a response's progress notifications in order, each after its own `delayMs`. Without a progress token
 * in the request (the client did not ask for progress) the steps only wait.
 */
export async function sendProgressSteps(options: {
  steps: readonly ProgressStep[];
  context: CallContext;
}): Promise<void> {
  const { steps, context } = options;
  for (const step of steps) {
    await waitForDelay({ delayMs: step.delayMs ?? 0, signal: context.signal });
    if (context.progressToken === undefined) continue;
    await context.sendNotification({
      method: 'notifications/progress',
      params: {
        progressToken: context.progressToken,
        progress: step.progress,
        ...(step.total === undefined ? {} : { total: step.total }),
        ...(step.message === undefined ? {} : { message: step.message }),
      },
    });
  }
}
