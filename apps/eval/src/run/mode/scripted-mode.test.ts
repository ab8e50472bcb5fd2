import { createFakeLlm } from '@toolloop/fake-llm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../scenario/load-scenario-file.js';
import { createScriptedMode } from './scripted-mode.js';
import { sendMessage } from './test-support/send-message.js';

const fake = createFakeLlm();
afterAll(async () => {
  await fake.close();
});

const scenario = parseScenarioText({
  file: 'hello.yaml',
  text: 'name: hello\nturns:\n  - user: Hi.\n    llm: [{ text: First. }, { text: Second. }]\n',
});
const fakeFetch: typeof globalThis.fetch = (input, init) => fake.handle(new Request(input, init));

describe('createScriptedMode', () => {
  it("answers from the scenario's own llm steps on its route, and a turn's requests are those the route received after it started", async () => {
    const mode = createScriptedMode({
      scenario,
      routeId: 's1',
      fakeUrl: 'http://fake.test',
      fakeFetch,
      cwd: '.',
    });
    const route = fake.script('s1', { name: 'hello', steps: [...mode.steps] });
    const endpoint = mode.endpoint();
    const before = await sendMessage({ endpoint, text: 'before the turn' });

    const turn = mode.startTurn({ index: 0, route, sides: {} });
    const during = await sendMessage({ endpoint, text: 'in the turn' });
    const { received, failures } = turn.finish({ user: 'Hi.' });

    expect(endpoint.baseURL).toBe('http://fake.test/script/s1');
    expect([before.body, during.body].map((body) => body.includes('First.'))).toEqual([true, false]);
    expect(during.body).toContain('Second.');
    expect(received.map((request) => request.index)).toEqual([1]);
    expect(failures).toEqual([]);
  });

  it('refuses, as the run starts, a scenario with no llm steps, saying how to get answers for it', () => {
    const mode = createScriptedMode({
      scenario: parseScenarioText({ file: 'live.yaml', text: 'name: live\nturns:\n  - user: Hi.\n' }),
      routeId: 's1',
      fakeUrl: 'http://fake.test',
      cwd: '.',
    });

    expect(() => mode.endpoint()).toThrow(
      'This scenario has no `llm` steps and no recording: run it live (--live), or record it (toolloop-eval record).',
    );
  });
});
