import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';

const model = createScriptedModel({ text: 'ok' });

/** Options as a plain JavaScript caller (or a host spreading another object) may pass them. */
function refusal(options: Record<string, unknown>): unknown {
  try {
    runToolLoop({ model, prompt: 'Q', ...options });
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('runToolLoop refuses an option it does not take', () => {
  it('names a misspelt option and the nearest valid name', () => {
    const error = refusal({ maxRound: 3 });

    expect(InvalidArgumentError.isInstance(error) && error.argument).toBe('maxRound');
    expect((error as Error).message).toBe(
      "Invalid option 'maxRound': unknown option; did you mean 'maxRounds'?",
    );
  });

  it('suggests the camelCase name of an option written in snake_case', () => {
    expect((refusal({ tool_timeout_ms: 5_000 }) as Error).message).toBe(
      "Invalid option 'tool_timeout_ms': unknown option; did you mean 'toolTimeoutMs'?",
    );
  });

  it('takes two letters typed the wrong way round for one slip', () => {
    expect((refusal({ modle: model }) as Error).message).toBe(
      "Invalid option 'modle': unknown option; did you mean 'model'?",
    );
  });

  it('says what it takes when no option is near the name, without repeating its value', () => {
    const error = refusal({ apiKey: 'sk-never-in-errors' });

    expect((error as Error).message).toBe(
      "Invalid option 'apiKey': unknown option; runToolLoop takes only its own options (ToolLoopOptions): " +
        'pass them by name rather than spreading an object that holds others.',
    );
  });

  it('refuses an unknown option whose value is undefined, as a typo all the same', () => {
    expect(InvalidArgumentError.isInstance(refusal({ maxRound: undefined }))).toBe(true);
  });

  it.each([
    [
      { thinking: { budget: 2_000 } },
      "'thinking.budget': unknown option; did you mean 'thinking.budgetTokens'?",
    ],
    [
      { maxToolCalls: { perMesage: 2 } },
      "'maxToolCalls.perMesage': unknown option; did you mean 'maxToolCalls.perMessage'?",
    ],
    [
      { tokenBudget: { per_turn: 9 } },
      "'tokenBudget.per_turn': unknown option; did you mean 'tokenBudget.perTurn'?",
    ],
    [
      { contextLimit: { maxTokens: 9, keepToolResult: 1 } },
      "'contextLimit.keepToolResult': unknown option; did you mean 'contextLimit.keepToolResults'?",
    ],
    [
      { contextLimit: { maxTokens: 9, summarize: { instruction: 'Be brief.' } } },
      "'contextLimit.summarize.instruction': unknown option; did you mean 'contextLimit.summarize.instructions'?",
    ],
    [
      { explicitStop: { name: 'give_up' } },
      "'explicitStop.name': unknown option; expected one of toolName, description.",
    ],
    [
      { progressivePrompt: { last: 'Answer now.' } },
      "'progressivePrompt.last': unknown option; expected one of first, later, final.",
    ],
    [
      { telemetry: { captureContents: true } },
      "'telemetry.captureContents': unknown option; did you mean 'telemetry.captureContent'?",
    ],
    [
      { prices: { 'model-1': { inputPerMillion: 1, outputPerMilion: 2 } } },
      "'prices.model-1.outputPerMilion': unknown option; did you mean 'prices.model-1.outputPerMillion'?",
    ],
    [
      { toolChoice: { type: 'tool', tool: 'search' } },
      "'toolChoice.tool': unknown option; expected one of type, name.",
    ],
  ])('inside a plain-object option: %j', (options, expected) => {
    expect((refusal(options) as Error).message).toBe(`Invalid option ${expected}`);
  });

  it('looks only inside plain objects: a model, a tracer and an output schema keep fields of their own', async () => {
    const tracer = { startSpan: () => ({ end: () => undefined }), name: 'own field' };
    const ownModel = Object.assign(createScriptedModel({ text: '{"n":1}' }), { label: 'own field' });

    const run = runToolLoop({
      model: ownModel,
      prompt: 'Q',
      output: z.object({ n: z.number() }),
      telemetry: { enabled: false, tracer },
    });

    expect((await run.result).stopReason).toBe('completed');
  });
});
