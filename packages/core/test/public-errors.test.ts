import {
  HookError,
  InvalidArgumentError,
  InvalidOutputError,
  InvalidToolInputError,
  ModelError,
  ToolSourceError,
  ToolTimeoutError,
  ToolloopError,
  TurnAbortedError,
  TurnTimeoutError,
} from '@toolloop/core';
import {
  ApprovalPendingError,
  InvalidConfigError,
  MissingSecretError,
  SessionBusyError,
  SessionConflictError,
  SessionNotFoundError,
} from '@toolloop/core/session';
import { describe, expect, it } from 'vitest';

const cause = new Error('ECONNRESET');
const pendingApprovals = [{ toolCallId: 'call_1', name: 'refund', input: { orderId: 'A-1' } }];
const missing = [
  {
    path: 'servers.api.headers.authorization',
    server: 'api',
    field: 'headers' as const,
    name: 'authorization',
  },
];

// Each public error of @toolloop/core, with the fields its JSON keeps besides name and message.
const cases = [
  {
    error: new ModelError({
      message: 'Overloaded',
      status: 529,
      retryable: true,
      provider: 'anthropic',
      cause,
    }),
    isInstance: (error: unknown) => ModelError.isInstance(error),
    fields: { status: 529, retryable: true, provider: 'anthropic' },
  },
  {
    error: new InvalidArgumentError({ argument: 'maxRounds', message: 'must be a positive integer' }),
    isInstance: (error: unknown) => InvalidArgumentError.isInstance(error),
    fields: { argument: 'maxRounds' },
  },
  {
    error: new InvalidToolInputError({ toolName: 'search', issues: ['query: Required'], cause }),
    isInstance: (error: unknown) => InvalidToolInputError.isInstance(error),
    fields: { toolName: 'search', issues: ['query: Required'] },
  },
  {
    error: new ToolTimeoutError({ toolName: 'search', timeoutMs: 500 }),
    isInstance: (error: unknown) => ToolTimeoutError.isInstance(error),
    fields: { toolName: 'search', timeoutMs: 500 },
  },
  {
    error: new TurnTimeoutError({ timeoutMs: 30_000 }),
    isInstance: (error: unknown) => TurnTimeoutError.isInstance(error),
    fields: { timeoutMs: 30_000 },
  },
  {
    error: new TurnAbortedError({ reason: 'The user left.' }),
    isInstance: (error: unknown) => TurnAbortedError.isInstance(error),
    fields: {},
  },
  {
    error: new ToolSourceError({ message: "The MCP server 'files' closed its connection.", cause }),
    isInstance: (error: unknown) => ToolSourceError.isInstance(error),
    fields: {},
  },
  {
    error: new HookError({ hook: 'prepareStep', message: 'prepareStep threw: boom', cause }),
    isInstance: (error: unknown) => HookError.isInstance(error),
    fields: { hook: 'prepareStep' },
  },
  {
    error: new InvalidOutputError({ issues: ['city: Required'], text: '{}' }),
    isInstance: (error: unknown) => InvalidOutputError.isInstance(error),
    fields: { issues: ['city: Required'] },
  },
  {
    error: new InvalidConfigError({ issues: [{ path: 'provider', message: 'Required' }] }),
    isInstance: (error: unknown) => InvalidConfigError.isInstance(error),
    fields: { issues: [{ path: 'provider', message: 'Required' }] },
  },
  {
    error: new SessionNotFoundError({ sessionId: 's-1', reason: 'expired' }),
    isInstance: (error: unknown) => SessionNotFoundError.isInstance(error),
    fields: { sessionId: 's-1', reason: 'expired' },
  },
  {
    error: new MissingSecretError({ sessionId: 's-1', missing }),
    isInstance: (error: unknown) => MissingSecretError.isInstance(error),
    fields: { sessionId: 's-1', missing },
  },
  {
    error: new ApprovalPendingError({ sessionId: 's-1', pendingApprovals }),
    isInstance: (error: unknown) => ApprovalPendingError.isInstance(error),
    fields: { sessionId: 's-1', pendingApprovals },
  },
  {
    error: new SessionConflictError({ sessionId: 's-1', path: '/sessions/s-1.json' }),
    isInstance: (error: unknown) => SessionConflictError.isInstance(error),
    fields: { sessionId: 's-1', path: '/sessions/s-1.json', reason: 'changed' },
  },
  {
    error: new SessionBusyError({
      sessionId: 's-1',
      leaseOwner: 'web-2',
      leaseExpiresAt: new Date('2026-12-03T10:00:30.000Z'),
      waitedMs: 60_000,
    }),
    isInstance: (error: unknown) => SessionBusyError.isInstance(error),
    fields: {
      sessionId: 's-1',
      leaseOwner: 'web-2',
      leaseExpiresAt: '2026-12-03T10:00:30.000Z',
      waitedMs: 60_000,
    },
  },
];

describe.each(cases.map((entry) => [entry.error.constructor.name, entry] as const))(
  '%s, a public error of @toolloop/core',
  (name, { error, isInstance, fields }) => {
    it('extends the error base, with its name', () => {
      expect(error).toBeInstanceOf(ToolloopError);
      expect(ToolloopError.isInstance(error)).toBe(true);
      expect(error.name).toBe(name);
    });

    it('is recognised by its own isInstance, also from another copy of the package, and by no other', () => {
      const fromAnotherCopy = Object.assign(new Error('x'), {
        [Symbol.for('toolloop.error')]: true,
        [Symbol.for(`toolloop.error.${name}`)]: true,
      });

      expect(isInstance(error)).toBe(true);
      expect(isInstance(fromAnotherCopy)).toBe(true);
      expect(cases.filter((other) => other.isInstance(error)).map((other) => other.error.name)).toEqual([
        name,
      ]);
    });

    it('survives JSON with its name, message and fields', () => {
      expect(JSON.parse(JSON.stringify(error))).toEqual({ name, message: error.message, ...fields });
    });
  },
);

it('keeps the cause it was given', () => {
  expect(cases.filter(({ error }) => error.cause === cause).map(({ error }) => error.name)).toEqual([
    'ModelError',
    'InvalidToolInputError',
    'ToolSourceError',
    'HookError',
  ]);
});
