import { describe, expect, it } from 'vitest';
import { askApprovals } from './ask-approvals.js';

/** An `ask` that answers from a list and records the questions. */
function answering(lines: Array<string | undefined>) {
  const questions: string[] = [];
  return {
    questions,
    ask: (question: string) => {
      questions.push(question);
      return Promise.resolve(lines.shift());
    },
  };
}

const calls = [
  { toolCallId: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
  { toolCallId: 'call_2', name: 'get_weather', input: { city: 'Oslo' } },
];

describe('askApprovals', () => {
  it('asks once per call and reads y as an approval, n as a denial the model is told about', async () => {
    const user = answering(['y', 'N']);

    const decisions = await askApprovals({ calls, ask: user.ask });

    expect(decisions).toEqual({
      call_1: { approved: true },
      call_2: { approved: false, reason: 'The user said no.' },
    });
    expect(user.questions).toEqual([
      'approve get_weather {"city":"Paris"}? [y/n] ',
      'approve get_weather {"city":"Oslo"}? [y/n] ',
    ]);
  });

  it('asks again after an answer that is neither, and denies when the input ends', async () => {
    const user = answering(['maybe', 'yes', undefined]);

    const decisions = await askApprovals({ calls, ask: user.ask });

    expect(decisions).toEqual({
      call_1: { approved: true },
      call_2: { approved: false, reason: 'The user said no.' },
    });
    expect(user.questions).toHaveLength(3);
  });
});
