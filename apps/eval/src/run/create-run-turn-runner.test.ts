import { runToolLoop, type Message } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { describe, expect, it } from 'vitest';
import type { AgentRunContext } from '../agent/define-agent.js';
import { createRunTurnRunner } from './create-run-turn-runner.js';

async function drain(run: { events: AsyncIterable<unknown>; result: Promise<unknown> }) {
  for await (const _event of run.events);
  return run.result;
}

describe('createRunTurnRunner', () => {
  it("gives the agent's run the conversation so far ending with the user's message, and aborts its signal at the end", async () => {
    const seen: Array<{ messages: Message[]; signal: AbortSignal }> = [];
    const model = createScriptedModel([{ text: 'One.' }, { text: 'Two.' }]);
    const runner = createRunTurnRunner({
      model,
      tools: [],
      cwd: '/',
      run: ({ model: given, tools, messages, signal }: AgentRunContext) => {
        seen.push({ messages: structuredClone(messages), signal });
        return runToolLoop({ model: given, tools, messages, signal });
      },
    });

    await drain(runner.start('first'));
    await drain(runner.start('second'));

    expect(seen.map(({ messages }) => messages)).toEqual([
      [{ role: 'user', content: 'first' }],
      [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: [{ type: 'text', text: 'One.' }] },
        { role: 'user', content: 'second' },
      ],
    ]);
    expect(seen[0]?.signal.aborted).toBe(false);
    await runner.close();
    expect(seen[0]?.signal.aborted).toBe(true);
  });

  it('a run that returns something else than a run fails the turn saying what to return', async () => {
    const runner = createRunTurnRunner({
      model: createScriptedModel({ text: 'unused' }),
      tools: [],
      cwd: '/',
      run: () => ({ text: 'an answer' }) as never,
    });

    await expect(drain(runner.start('hi'))).rejects.toThrow(
      "The agent's run returned an object with text, not a run: return what runToolLoop returns.",
    );
  });
});
