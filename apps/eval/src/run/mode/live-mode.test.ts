import { createFakeLlm } from '@toolloop/fake-llm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../scenario/load-scenario-file.js';
import { createLiveMode } from './live-mode.js';
import { messageBody, sendMessage } from './test-support/send-message.js';
import { plantedKey, startLiveApi } from './test-support/start-live-api.js';

const scenario = parseScenarioText({ file: 'live.yaml', text: 'name: live\nturns:\n  - user: Hi.\n' });
// The scenario's route on the fake LLM, which a live turn's requests never reach.
const fake = createFakeLlm([]);
const emptyRoute = fake.getScript();
let api: Awaited<ReturnType<typeof startLiveApi>>;

beforeEach(async () => {
  api = await startLiveApi({ text: 'Live answer.' });
});

afterEach(async () => {
  await api.close();
});

afterAll(async () => {
  await fake.close();
});

function liveMode() {
  return createLiveMode({
    proxy: api.proxy,
    upstream: api.upstream,
    secrets: ['sk-run-key'],
    scenario,
    routeId: 'l1',
  });
}

describe('createLiveMode', () => {
  it("sends the scenario's requests to the API through one route of the live proxy, opened once", async () => {
    const mode = liveMode();

    const endpoint = mode.endpoint();
    const sent = await sendMessage({ endpoint, text: 'Hi.' });

    expect(mode.endpoint()).toBe(endpoint);
    expect(endpoint.baseURL.startsWith(`${api.proxy.url}/scenario/`)).toBe(true);
    expect(sent.status).toBe(200);
    expect(sent.body).toContain('Live answer.');
    expect(api.proxy.exchanges('l1')).toHaveLength(1);
  });

  it("gives a turn's requests as the exchanges of its route since the turn started, as the fake LLM keeps requests", async () => {
    const mode = liveMode();
    const endpoint = mode.endpoint();
    await sendMessage({ endpoint, text: 'before the turn' });

    const turn = mode.startTurn({ index: 0, route: emptyRoute, sides: {} });
    await sendMessage({ endpoint, text: 'in the turn' });

    const body = messageBody('in the turn');
    expect(turn.finish({ user: 'Hi.' })).toEqual({
      received: [
        {
          scriptId: 'l1',
          index: 0,
          method: 'POST',
          path: '/v1/messages',
          headers: {},
          body,
          bodyBytes: Buffer.byteLength(JSON.stringify(body)),
          stream: true,
          summarized: false,
        },
      ],
      failures: [],
    });
  });

  it("keeps from every result the run's keys and the key the proxy added", async () => {
    const mode = liveMode();
    await sendMessage({ endpoint: mode.endpoint(), text: 'Hi.' });

    expect(mode.secrets()).toEqual(['sk-run-key', plantedKey]);
  });
});
