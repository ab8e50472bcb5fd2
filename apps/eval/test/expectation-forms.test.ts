import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenarios } from '../src/run/run-scenarios.js';

const fixtures = join(import.meta.dirname, 'fixtures', 'expectation-forms');

// Both files run the same turn: two calls under maxToolsPerResponse 1, so the loop answers the second itself.
describe('exact expectations: warnings, errors, status lines, a call result, the system prompt, maxTokens, the output format, tool results, the first message', () => {
  it('hold for what the turn did', async () => {
    const { report, exitCode } = await runScenarios({ paths: ['dropped-call.yaml'], cwd: fixtures });

    expect(report.scenarios[0]?.failures).toEqual([]);
    expect(exitCode).toBe(0);
  });

  it('fail, one by one, naming the field, when the turn did something else', async () => {
    const { report, exitCode } = await runScenarios({ paths: ['every-form-wrong.yaml'], cwd: fixtures });

    expect(exitCode).toBe(1);
    expect(report.scenarios[0]?.failures.map((failure) => `${failure.path}: ${failure.message}`)).toEqual([
      `turns[0].expect.toolCalls.calls[1]: expected tool call #2 'add_note': expected its result not to contain "Not executed", got "Not executed: only the first tool call of a response runs (at most 1 per response). Call it again in your next response if you still need it."`,
      'turns[0].expect.status.exactly[2]: expected status line #3 "Formulating response...", got "Processing tool results..."',
      "turns[0].expect.errors.exactly[0]: expected error event #1 'tools_dropped', the turn had none",
      "turns[0].expect.warnings.none: expected no warning event, got 1: 'tools_dropped': The model asked for 2 tool calls in one response; at most 1 per response is taken up (maxToolsPerResponse), so these were not run: add_note.",
      `turns[0].expect.requests.at[0].toolDefinitions[0].description.contains: expected request #0's description of 'add_note' to contain "note"`,
      "turns[0].expect.requests.at[0].toolDefinitions[0].inputSchema: request #0: the input schema of 'add_note' differs",
      "turns[0].expect.requests.at[0].toolDefinitions[1]: request #0: expected the tool 'delete_note' to be offered, it was not",
      "turns[0].expect.requests.at[0].system.equals: expected request #0's system prompt to equal the given text",
      'turns[0].expect.requests.at[0].cacheBreakpoints: request #0: expected cache breakpoints, the request marked none',
      'turns[0].expect.requests.at[0].maxTokens: request #0: expected no output token limit, 1000 was sent',
      'turns[0].expect.requests.at[0].outputFormat: request #0: expected a structured output format, none was asked for',
      'turns[0].expect.requests.at[0].toolResults: request #0: expected 1 tool result, the request carried 0',
      "turns[0].expect.requests.at[0].firstMessage.role: request #0: expected the first message to be the assistant's",
      'turns[0].expect.requests.at[0].firstMessage.contains: request #0: expected the first message to contain "Remember"',
      `turns[0].expect.requests.at[1].system.notContains: expected request #1's system prompt not to contain "notes"`,
      "turns[0].expect.requests.at[1].toolResults[0].equals: expected request #1's tool result 1 to equal the given text",
      `turns[0].expect.requests.at[1].toolResults[1].notContains: expected request #1's tool result 2 not to contain "Not executed"`,
      'turns[0].expect.requests.at[2].index: there is no request #2 (the turn made 2, #0 to #1)',
    ]);
    expect(report.scenarios[0]?.failures.at(-1)).toMatchObject({
      expected: 'request #2',
      actual: '2 requests',
    });
  });
});

describe('the rounds of input of a call', () => {
  it('are counted from the rounds its 2026-07-28 server asked, none for a 2025-11-25 server, and a wrong count fails naming the call', async () => {
    const { report } = await runScenarios({ paths: ['input-rounds-wrong.yaml'], cwd: fixtures });

    expect(report.scenarios[0]?.failures.map((failure) => `${failure.path}: ${failure.message}`)).toEqual([
      "turns[0].expect.toolCalls.calls[0]: tool call #1 'book_table': expected the rounds of input its server asked for to be 2, got 1",
    ]);
    expect(report.scenarios[0]?.failures[0]?.actual).toEqual([
      expect.objectContaining({ name: 'book_table', inputRounds: 1 }),
      expect.not.objectContaining({ inputRounds: expect.anything() as unknown }),
    ]);
  });
});

describe('thinking equals', () => {
  it('holds for the thinking the turn streamed, shown once, and fails naming the field for any other text', async () => {
    const { report } = await runScenarios({ paths: ['thinking-equals.yaml'], cwd: fixtures });

    expect(report.scenarios[0]?.failures).toEqual([
      {
        path: 'turns[1].expect.thinking.equals',
        message: 'expected the thinking to equal the given text',
        expected: 'The user greets me.',
        actual: 'The user greets me again.',
      },
    ]);
  });
});

describe('content', () => {
  it('holds for all the text the turn streamed, joined, and fails naming the field when it is only the answer', async () => {
    const { report } = await runScenarios({ paths: ['streamed-content.yaml'], cwd: fixtures });

    expect(report.scenarios[0]?.failures).toEqual([
      {
        path: 'turns[1].expect.content.equals',
        message: 'expected the streamed text to equal the given text',
        expected: 'Still 09:00.',
        actual: 'Looking again. Still 09:00.',
      },
      {
        path: 'turns[1].expect.content.matches',
        message: 'expected the streamed text to match /^Still/',
        expected: '^Still',
        actual: 'Looking again. Still 09:00.',
      },
    ]);
  });
});

describe("a turn's cost and cache tokens", () => {
  it('fail part by part, naming the field, when the turn cost something else', async () => {
    const { report } = await runScenarios({ paths: ['cost-wrong.yaml'], cwd: fixtures });

    expect(report.scenarios[0]?.failures.map((failure) => `${failure.path}: ${failure.message}`)).toEqual([
      'turns[0].expect.usage.cacheReadTokens: expected input tokens read from the cache to be at least 1, got 0',
      'turns[0].expect.usage.cacheWriteTokens: expected input tokens written to the cache to be 3, got 0',
      'turns[0].expect.cost: expected the turn to have no cost, got 0.0015',
      'turns[1].expect.cost.total: expected the turn cost to be 0.1, got 0.003',
      "turns[1].expect.cost.turn: expected the cost of the turn's requests to be at most 0.001, got 0.003",
    ]);
  });

  it('is absent without prices, and a cost expected then says how to get one', async () => {
    const { report } = await runScenarios({ paths: ['no-prices.yaml'], cwd: fixtures });

    expect(report.scenarios[0]?.failures).toEqual([
      expect.objectContaining({
        path: 'turns[1].expect.cost',
        message:
          "expected a cost, but the turn has none: give `loop.prices` for every model that answered (the scenario's model, and the status model)",
      }),
    ]);
  });
});
