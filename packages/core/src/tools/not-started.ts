const notStarted = Symbol.for('toolloop.toolCallNotStarted');

/**
 * Marks an error thrown before a tool's own code ran (its arguments failed validation, or its turn ended
 * first), so the loop reports the call as not executed. A tool source may mark its own errors the same way.
 */
export function markNotStarted<ERROR extends object>(error: ERROR): ERROR {
  Object.defineProperty(error, notStarted, { value: true });
  return error;
}

/** Whether an error was thrown before the tool's own code ran. Never throws. */
export function wasNotStarted(error: unknown): boolean {
  try {
    return (
      typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[notStarted] === true
    );
  } catch {
    return false;
  }
}
