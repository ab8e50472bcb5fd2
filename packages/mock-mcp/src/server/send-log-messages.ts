import { logLevels, type LogLevel, type LogMessage } from '../spec/log-message-schema.js';
import type { CallContext } from './call-context.js';
import { waitForDelay } from './wait-for-delay.js';

/**
 * Sends a response's log messages (`notifications/message`) in order, each after its own `delayMs`, on the
 * request's own stream. A message below the session's level (the client's `logging/setLevel`, else the spec's
 * `logging.level`, else `debug`) only waits; so does every message of a 2026-07-28 request that carries no
 * log level (`_meta`).
 */
export async function sendLogMessages(options: {
  messages: readonly LogMessage[];
  context: CallContext;
}): Promise<void> {
  const { messages, context } = options;
  // 2026-07-28: a request that asks for no log level gets no log messages.
  const silent = context.protocol === '2026-07-28' && context.session.logLevel === undefined;
  for (const message of messages) {
    await waitForDelay({ delayMs: message.delayMs ?? 0, signal: context.signal });
    const threshold = context.session.logLevel ?? context.state.spec.logging?.level ?? 'debug';
    if (silent || severityOf(message.level) < severityOf(threshold)) continue;
    await context.sendNotification({
      method: 'notifications/message',
      params: {
        level: message.level,
        data: message.data,
        ...(message.logger === undefined ? {} : { logger: message.logger }),
      },
    });
  }
}

function severityOf(level: LogLevel): number {
  return logLevels.indexOf(level);
}
