import { fileLoopOptionsSchema, sessionLoopConfigSchema } from '@toolloop/core/session';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseScenarioText } from './load-scenario-file.js';
import { loopOptionsSchema } from './loop-options-schema.js';
import { ScenarioFileError, type ScenarioIssue } from './scenario-file-error.js';
import { sessionConfigSchema } from './session-config-schema.js';

/** The fields of a schema, as editors read them. */
function fieldsOf(schema: z.ZodType): string[] {
  const { properties = {} } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(properties);
}

const turns = 'turns: [{ user: Hi, llm: [{ text: Hello }] }]';

function issuesOf(text: string): Array<Pick<ScenarioIssue, 'path' | 'message'>> {
  try {
    parseScenarioText({ text, file: 'loop.yaml' });
  } catch (error) {
    if (ScenarioFileError.isInstance(error))
      return error.issues.map(({ path, message }) => ({ path, message }));
    throw error;
  }
  throw new Error('expected the scenario to be invalid');
}

describe('scenario files: the loop and session sections', () => {
  it("are the loop's options a file may hold (but system, given beside loop) and the session config's loop fields, with the servers its host connects", () => {
    expect(fieldsOf(loopOptionsSchema)).toEqual(
      fieldsOf(fileLoopOptionsSchema).filter((name) => name !== 'system'),
    );
    expect(fieldsOf(sessionConfigSchema)).toEqual([...fieldsOf(sessionLoopConfigSchema), 'servers']);
  });

  it.each([
    ['loop: { maxRound: 3 }', 'loop.maxRound', "Unknown field 'maxRound'; did you mean 'maxRounds'?"],
    [
      'loop: { tokenBudget: { perTrn: 9 } }',
      'loop.tokenBudget.perTrn',
      "Unknown field 'perTrn'; did you mean 'perTurn'?",
    ],
    ['loop: { system: Be brief. }', 'loop.system', "Unknown field 'system'."],
    [
      'session: { max_round: 3 }',
      'session.max_round',
      "Unknown field 'max_round'; did you mean 'max_rounds'?",
    ],
    [
      'session: { context_limit: { max_tokens: 9, keep_tool_result: 1 } }',
      'session.context_limit.keep_tool_result',
      "Unknown field 'keep_tool_result'; did you mean 'keep_tool_results'?",
    ],
  ])('refuse an unknown field, naming the one it most likely meant: %s', (section, path, message) => {
    expect(issuesOf(`name: x\n${section}\n${turns}\n`)).toEqual([{ path, message }]);
  });

  it('take thinking as true, false or { budgetTokens, effort }, and refuse the earlier { enabled } form', () => {
    for (const thinking of [
      'true',
      'false',
      '{ budgetTokens: 1024 }',
      '{ effort: low, budgetTokens: 2048 }',
    ]) {
      expect(
        parseScenarioText({ text: `name: x\nloop: { thinking: ${thinking} }\n${turns}\n`, file: 'x.yaml' })
          .loop,
      ).toHaveProperty('thinking');
    }
    expect(issuesOf(`name: x\nloop: { thinking: { enabled: true } }\n${turns}\n`)).toEqual([
      { path: 'loop.thinking.enabled', message: "Unknown field 'enabled'." },
    ]);
    expect(issuesOf(`name: x\nsession: { thinking: { enabled: false } }\n${turns}\n`)).toEqual([
      { path: 'session.thinking.enabled', message: "Unknown field 'enabled'." },
    ]);
  });
});
