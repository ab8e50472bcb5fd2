import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, runToolLoop } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';

const lookUp = defineTool({
  name: 'look_up',
  description: 'Looks a word up',
  inputSchema: z.object({ word: z.string() }),
  execute: ({ word }) => `${word}: a definition`,
});

/** A turn of two rounds and a final answer; returns the requests its model got. */
async function runTwoRounds(options: Partial<Parameters<typeof runToolLoop>[0]> = {}) {
  const model = createScriptedModel([
    { toolCalls: [{ name: 'look_up', input: { word: 'cache' } }] },
    { toolCalls: [{ name: 'look_up', input: { word: 'prefix' } }] },
    { text: 'Both words are defined.' },
  ]);
  await runToolLoop({
    model,
    system: 'You define words.',
    tools: [lookUp],
    prompt: 'Define cache and prefix.',
    maxRounds: 2,
    ...options,
  }).result;
  return model.requests;
}

describe('the round line of the progressive prompt, apart from the stable system prompt', () => {
  it('is each request’s volatileSystemSuffix, and the system prompt ends with it after a blank line', async () => {
    const requests = await runTwoRounds({ progressivePrompt: true });

    expect(requests.map(({ system, volatileSystemSuffix }) => ({ system, volatileSystemSuffix }))).toEqual([
      {
        system: 'You define words.\n\n[Round 1] If a tool is relevant to the request, call it.',
        volatileSystemSuffix: '[Round 1] If a tool is relevant to the request, call it.',
      },
      {
        system:
          'You define words.\n\n[Round 2] You may call one more tool if you still need information, or give your final answer.',
        volatileSystemSuffix:
          '[Round 2] You may call one more tool if you still need information, or give your final answer.',
      },
      {
        system:
          'You define words.\n\n[Final round] No tools are available now. Give your final answer from the information you have.',
        volatileSystemSuffix:
          '[Final round] No tools are available now. Give your final answer from the information you have.',
      },
    ]);
  });

  it('is not set without the progressive prompt', async () => {
    const requests = await runTwoRounds();

    expect(requests.map((request) => 'volatileSystemSuffix' in request)).toEqual([false, false, false]);
  });

  it('stays apart when prepareStep keeps the line at the end, and is dropped when prepareStep replaces it', async () => {
    const requests = await runTwoRounds({
      progressivePrompt: { first: 'First.', later: 'Later.', final: 'Final.' },
      prepareStep: ({ system, iterations }) =>
        iterations === 1 ? { system: 'Replaced.' } : { system: `Be brief. ${system ?? ''}` },
    });

    expect(requests.map(({ system, volatileSystemSuffix }) => ({ system, volatileSystemSuffix }))).toEqual([
      { system: 'Be brief. You define words.\n\nFirst.', volatileSystemSuffix: 'First.' },
      { system: 'Replaced.', volatileSystemSuffix: undefined },
      { system: 'Be brief. You define words.\n\nFinal.', volatileSystemSuffix: 'Final.' },
    ]);
  });
});
