import { createScriptedModel } from '@toolloop/core/testing';
import { describe, expect, it } from 'vitest';
import type { TurnReport } from '../report/run-report.js';
import { renderTranscript } from './render-transcript.js';
import { runJudge, thresholdOf } from './run-judge.js';

const usage = { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 };

function turn(user: string, text: string, toolCalls: TurnReport['toolCalls'] = []): TurnReport {
  return {
    user,
    stopReason: 'completed',
    rounds: toolCalls.length === 0 ? 0 : 1,
    iterations: 1,
    toolCalls,
    text,
    thinking: '',
    usage,
    durationMs: 1,
    timeline: [],
    requests: [],
    elicitations: [],
  };
}

const refund = turn('Refund order 42.', 'Order 42 is refunded.', [
  {
    toolCallId: 'c1',
    name: 'refund',
    input: { id: 42 },
    output: { content: [{ type: 'text', text: 'Payment provider down.' }] },
    isError: true,
    executed: true,
    round: 0,
    durationMs: 1,
  },
]);

describe('runJudge', () => {
  it("sends the rubric and the turn's message, calls, results and answer, and passes a score at the threshold", async () => {
    const model = createScriptedModel({ text: '{"score":4,"reasons":"Good enough."}' });

    const verdict = await runJudge({
      judge: { rubric: 'Says whether the refund went through.', scope: 'turn' },
      turns: [turn('Hello.', 'Hi.'), refund],
      model,
    });

    expect(verdict).toMatchObject({ score: 4, reasons: 'Good enough.', threshold: 4, passed: true });
    const request = JSON.stringify(model.requests[0]?.messages);
    expect(request).toContain('Says whether the refund went through.');
    expect(request).toContain('Refund order 42.');
    expect(request).toContain('[result of refund, failed] Payment provider down.');
    expect(request).toContain('Order 42 is refunded.');
    // scope: turn reads the judged turn only.
    expect(request).not.toContain('Hello.');
    expect(model.requests[0]?.system).toContain('from 1 (the rubric is not met at all) to 5');
  });

  it('reads the whole conversation with scope: conversation, and fails a score below the threshold', async () => {
    const model = createScriptedModel({
      text: '{"score":3.5,"reasons":"It claims a refund the tool refused."}',
    });

    const verdict = await runJudge({
      judge: { rubric: 'Honest about the refund.', scope: 'conversation' },
      turns: [turn('Hello.', 'Hi.'), refund],
      model,
    });

    expect(verdict).toMatchObject({ score: 3.5, passed: false, threshold: 4 });
    expect(JSON.stringify(model.requests[0]?.messages)).toContain('Hello.');
  });

  it('takes its threshold from minScore on its own scale, and its instructions from the prompt given', async () => {
    const model = createScriptedModel({ text: '{"score":0.6,"reasons":"Mostly."}' });

    const verdict = await runJudge({
      judge: { rubric: 'Polite.', scope: 'turn', scale: { min: 0, max: 1 } },
      turns: [refund],
      model,
      minScore: 0.5,
      prompt: 'Grade from {{min}} to {{max}}.',
    });

    expect(verdict).toMatchObject({ threshold: 0.5, passed: true, scale: { min: 0, max: 1 } });
    expect(model.requests[0]?.system).toBe('Grade from 0 to 1.');
  });

  it('gives no pass for a score outside the scale, or an answer that is not the JSON asked for', async () => {
    const outside = await runJudge({
      judge: { rubric: 'Polite.', scope: 'turn' },
      turns: [refund],
      model: createScriptedModel({ text: '{"score":9,"reasons":"Very."}' }),
    });
    const unparsed = await runJudge({
      judge: { rubric: 'Polite.', scope: 'turn' },
      turns: [refund],
      model: createScriptedModel({ text: 'Five stars!' }),
    });

    expect(outside).toMatchObject({
      passed: false,
      error: "the judge's score 9 is outside its scale (1 to 5)",
    });
    expect(unparsed).toMatchObject({ passed: false });
    expect(unparsed.error).toMatch(/^the judge gave no valid answer \(it stopped with 'invalid_output'/u);
  });

  it('puts the threshold at an exact fraction of the scale, so a score there passes', () => {
    expect(thresholdOf({ rubric: 'x', scope: 'turn', scale: { min: 0, max: 100 } }, 0.55)).toBe(55);
    expect(thresholdOf({ rubric: 'x', scope: 'turn', scale: { min: 1, max: 7 } }, 0.8)).toBe(5.8);
  });
});

describe('renderTranscript', () => {
  it('cuts a long tool result, saying how much more there was', () => {
    const long = turn('Read it.', 'Done.', [
      {
        ...refund.toolCalls[0]!,
        isError: false,
        output: { content: [{ type: 'text', text: 'x'.repeat(10_000) }] },
      },
    ]);

    const text = renderTranscript([long]);

    expect(text).toContain(`${'x'.repeat(4_000)}… (6000 more characters)`);
    expect(text).not.toContain('x'.repeat(4_001));
  });
});
