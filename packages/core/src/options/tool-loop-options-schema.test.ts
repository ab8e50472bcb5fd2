import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from '../loop/run-tool-loop.js';
import { checkToolLoopOptionNames } from './check-tool-loop-options.js';
import { fileLoopOptionsSchema } from '../session/session-loop-config.js';
import { toolLoopOptionsSchema } from './tool-loop-options-schema.js';

const model = createScriptedModel({ text: 'ok' });

function refusal(options: Record<string, unknown>): string | undefined {
  try {
    runToolLoop({ model, prompt: 'Q', ...options });
  } catch (error) {
    return InvalidArgumentError.isInstance(error) ? error.message : String(error);
  }
  return undefined;
}

describe('thinking', () => {
  it.each([
    [true, { enabled: true }],
    [false, { enabled: false }],
    [{}, { enabled: true }],
    [{ budgetTokens: 2048 }, { enabled: true, budgetTokens: 2048 }],
    [{ effort: 'low' }, { enabled: true, effort: 'low' }],
    [
      { budgetTokens: 1024, effort: 'max' },
      { enabled: true, budgetTokens: 1024, effort: 'max' },
    ],
  ] as const)('%j reaches the model request as %j', async (thinking, sent) => {
    const thinkingModel = createScriptedModel({ text: 'ok' });
    await runToolLoop({ model: thinkingModel, prompt: 'Q', thinking }).result;

    expect(thinkingModel.requests[0]?.thinking).toEqual(sent);
  });

  it('refuses the earlier { enabled } form, naming the field and what thinking takes', () => {
    expect(refusal({ thinking: { enabled: true, budgetTokens: 2048 } })).toBe(
      "Invalid option 'thinking.enabled': unknown option; expected one of budgetTokens, effort.",
    );
  });

  it('refuses an effort it does not know', () => {
    expect(refusal({ thinking: { effort: 'extreme' } })).toBe(
      "Invalid option 'thinking.effort': expected one of 'low', 'medium', 'high', 'max', got 'extreme'.",
    );
  });
});

describe('the options a file may hold', () => {
  it('are the options of runToolLoop that are data, with the same checks', () => {
    const fileNames = Object.keys(fileLoopOptionsSchema.shape);

    expect(fileNames.every((name) => name in toolLoopOptionsSchema.shape)).toBe(true);
    expect(fileNames).not.toContain('model');
    expect(fileNames).not.toContain('stopWhen');
    expect(fileLoopOptionsSchema.safeParse({ maxRounds: 0 }).error?.issues[0]?.message).toBe(
      'expected an integer of at least 1, got 0.',
    );
  });

  it('name a misspelt field with the one it most likely meant', () => {
    expect(fileLoopOptionsSchema.safeParse({ tokenBudget: { perTurns: 5 } }).error?.issues).toEqual([
      expect.objectContaining({
        code: 'unrecognized_keys',
        path: ['tokenBudget'],
        keys: ['perTurns'],
        message: "did you mean 'perTurn'?",
      }),
    ]);
  });

  it('describe every field, for the JSON Schema editors read', () => {
    const described = (schema: Record<string, unknown>): string[] => {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      return Object.entries(properties).flatMap(([name, property]) => [
        ...(typeof property.description === 'string' ? [] : [name]),
        ...described(property),
        ...((property.anyOf ?? []) as Array<Record<string, unknown>>).flatMap(described),
      ]);
    };

    expect(described(z.toJSONSchema(fileLoopOptionsSchema, { io: 'input', unrepresentable: 'any' }))).toEqual(
      [],
    );
  });
});

describe('options that are no object', () => {
  it('are refused as such, not with a TypeError', () => {
    expect(() => runToolLoop(undefined as never)).toThrow(
      "Invalid option 'options': expected an object of options.",
    );
  });
});

describe('checkToolLoopOptionNames', () => {
  it('names an unknown option under the path given, and skips the omitted ones', () => {
    expect(() => {
      checkToolLoopOptionNames({ maxRound: 2 }, { path: 'loop' });
    }).toThrow("Invalid option 'loop.maxRound': unknown option; did you mean 'loop.maxRounds'?");
    expect(() => {
      checkToolLoopOptionNames({ model }, { path: 'loop', omit: ['model'] });
    }).toThrow("Invalid option 'loop.model': unknown option;");
    expect(() => {
      checkToolLoopOptionNames({ maxRounds: 'many' });
    }).not.toThrow();
  });

  it('leaves options with only names it knows, and what is not an object of options, to the checks of their values', () => {
    for (const options of [{ maxRounds: 2, thinking: { effort: 'low' } }, null, 'options', undefined]) {
      expect(() => {
        checkToolLoopOptionNames(options);
      }).not.toThrow();
    }
  });
});
