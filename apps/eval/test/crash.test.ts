import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runScenarios } from '../src/run/run-scenarios.js';

const fixtures = join(import.meta.dirname, 'fixtures', 'crash');

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('a crash in a scenario', () => {
  it('counts the runs of a call on every host: a tool said to be idempotent ran twice, and `runs: 1` fails naming it', async () => {
    const { report, exitCode } = await runScenarios({ paths: ['refund-run-twice.yaml'], cwd: fixtures });

    expect(exitCode).toBe(1);
    expect(report.scenarios[0]?.failures.map((failure) => `${failure.path}: ${failure.message}`)).toEqual([
      "turns[0].expect.toolCalls.calls[0]: tool call #1 'refund': expected the runs of its tool to be 1, got 2",
    ]);
    expect(report.scenarios[0]?.failures[0]?.actual).toEqual([
      expect.objectContaining({ name: 'refund', isError: false, runs: 2 }),
    ]);
    // The new host's turn is the turn's result: the refund's second run answered the model.
    expect(report.scenarios[0]?.turns[0]?.stopReason).toBe('completed');
  });

  it('fails a turn that ended without reaching its crash point, naming the point', async () => {
    const { report, exitCode } = await runScenarios({ paths: ['crash-not-reached.yaml'], cwd: fixtures });

    expect(exitCode).toBe(1);
    expect(report.scenarios[0]?.failures.map((failure) => `${failure.path}: ${failure.message}`)).toEqual([
      "turns[0].crash: the turn ended without reaching its crash point (tool-finished of 'refund'), so no host crashed",
    ]);
  });

  it('names the variable whose database a Postgres store could not reach, and never its password', async () => {
    vi.stubEnv('TOOLLOOP_EVAL_POSTGRES_URL', 'postgres://someone:s3cretPW@127.0.0.1:1/evals');
    const { report, exitCode } = await runScenarios({
      paths: ['postgres-without-database.yaml'],
      cwd: fixtures,
    });

    expect(exitCode).toBe(2);
    expect(report.scenarios[0]?.error?.message).toMatch(
      /^sessionStore: postgres could not reach the database TOOLLOOP_EVAL_POSTGRES_URL names: connect ECONNREFUSED/u,
    );
    expect(JSON.stringify(report)).not.toContain('s3cretPW');
  });

  it('names the environment variable a Postgres store needs when none is set', async () => {
    vi.stubEnv('TOOLLOOP_EVAL_POSTGRES_URL', '');
    const { report, exitCode } = await runScenarios({
      paths: ['postgres-without-database.yaml'],
      cwd: fixtures,
    });

    expect(exitCode).toBe(2);
    expect(report.scenarios[0]?.error?.message).toMatch(
      /^sessionStore: postgres needs a database: set TOOLLOOP_EVAL_POSTGRES_URL to its connection string/u,
    );
  });
});
