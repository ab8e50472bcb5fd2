import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/define-tool.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';

const search = defineTool({ name: 'search', inputSchema: z.object({}), execute: () => 'hit' });
const call = { toolCalls: [{ name: 'search', input: {} }] };

describe('the progressive prompt with texts of its own', () => {
  it('replaces every {round}, and keeps the default for a text it does not give', async () => {
    const model = createScriptedModel([call, call, call, { text: 'Answer.' }]);
    await runToolLoop({
      model,
      tools: [search],
      prompt: 'Q',
      maxRounds: 3,
      progressivePrompt: { later: 'Round {round} of 3; {round} is not the last.' },
    }).result;

    expect(model.requests.map((request) => request.system)).toEqual([
      '[Round 1] If a tool is relevant to the request, call it.',
      'Round 2 of 3; 2 is not the last.',
      'Round 3 of 3; 3 is not the last.',
      '[Final round] No tools are available now. Give your final answer from the information you have.',
    ]);
  });

  it('is not added with progressivePrompt: false', async () => {
    const model = createScriptedModel({ text: 'Answer.' });
    await runToolLoop({ model, prompt: 'Q', system: 'Be brief.', progressivePrompt: false }).result;

    expect(model.requests[0]?.system).toBe('Be brief.');
  });
});

describe('a progressive prompt text that is empty', () => {
  it('adds nothing to the system prompt, not even a blank line, and no volatile suffix', async () => {
    const model = createScriptedModel([call, { text: 'Answer.' }]);
    await runToolLoop({
      model,
      tools: [search],
      prompt: 'Q',
      system: 'Be brief.',
      progressivePrompt: { first: '' },
    }).result;

    expect(model.requests.map((request) => [request.system, request.volatileSystemSuffix])).toEqual([
      ['Be brief.', undefined],
      [
        'Be brief.\n\n[Round 2] You may call one more tool if you still need information, or give your final answer.',
        '[Round 2] You may call one more tool if you still need information, or give your final answer.',
      ],
    ]);
  });

  it('without a system prompt, sends none', async () => {
    const model = createScriptedModel({ text: 'Answer.' });
    await runToolLoop({ model, prompt: 'Q', progressivePrompt: { first: '' } }).result;

    expect(model.requests[0]).not.toHaveProperty('system');
  });
});
