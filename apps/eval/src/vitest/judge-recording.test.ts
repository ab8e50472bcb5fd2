import { describe, expect, it } from 'vitest';
import { describeJudgeDrift, judgeRecordingFormat, type JudgeRecording } from './judge-recording.js';

const recording: JudgeRecording = {
  format: judgeRecordingFormat,
  version: 1,
  model: 'anthropic/claude-haiku-4-5',
  system: 'Grade from 1 to 5.\nBe fair.\nAnswer JSON.',
  prompt: 'Rubric:\nSays why.',
  score: 4,
  reasons: 'It says why.',
  usage: { inputTokens: 10, outputTokens: 5 },
};

describe('describeJudgeDrift', () => {
  it('names nothing when the request is the recorded one', () => {
    expect(describeJudgeDrift(recording, recording)).toBeUndefined();
  });

  it('names the first line that differs, and the line where a shorter text ends', () => {
    expect(describeJudgeDrift(recording, { ...recording, prompt: 'Rubric:\nSays how.' })).toBe(
      'its request (the rubric, and the turn it reads) differs from the recorded one at line 2: now "Says how.", recorded "Says why."',
    );
    expect(describeJudgeDrift(recording, { ...recording, system: 'Grade from 1 to 5.\nBe fair.' })).toBe(
      'its instructions differ from the recorded one at line 3: now "(nothing)", recorded "Answer JSON."',
    );
    expect(describeJudgeDrift(recording, { ...recording, model: 'openai/gpt-5' })).toBe(
      "its model is openai/gpt-5; the recorded judge's was anthropic/claude-haiku-4-5",
    );
  });
});
