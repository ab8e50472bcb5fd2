import { join } from 'node:path';
import { createFakeLlm } from '@toolloop/fake-llm';
import { afterEach, expect, it } from 'vitest';
import { loadScenarioFile, runScenario } from '../src/index.js';

const fixtures = join(import.meta.dirname, 'fixtures', 'passing');
const fake = createFakeLlm();
afterEach(async () => {
  await fake.close();
});

it("leaves the caller's fake its route: runScenario adds it, and only runScenarios removes what it added", async () => {
  const loaded = await loadScenarioFile(join(fixtures, 'plain.yaml'), { cwd: fixtures });
  const server = await fake.serve();

  const result = await runScenario({
    ...loaded,
    file: 'plain.yaml',
    directory: fixtures,
    cwd: fixtures,
    fake,
    fakeUrl: server.url,
    routeId: 'mine',
  });

  expect(result.status).toBe('passed');
  expect(fake.getScript('mine').requests.length).toBeGreaterThan(0);
  expect(fake.requests.length).toBe(fake.getScript('mine').requests.length);
});
