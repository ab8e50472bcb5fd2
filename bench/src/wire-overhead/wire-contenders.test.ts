import { createFakeLlm, type FakeLlm } from '@toolloop/fake-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { createLoopSteps } from '../loop-overhead/loop-script.js';
import { createWireFloor } from './create-wire-floor.js';
import { createWireToolloopContender } from './create-wire-toolloop-contender.js';
import { wireIds, type WireId } from './wire-id.js';

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Where each wire's requests go, and the field of the body that holds the transcript. */
const wireRequests: Record<WireId, { path: string; transcript: string }> = {
  anthropic: { path: '/script/bench/v1/messages', transcript: 'messages' },
  'openai-chat': { path: '/script/bench/v1/chat/completions', transcript: 'messages' },
  'openai-responses': { path: '/script/bench/v1/responses', transcript: 'input' },
  gemini: {
    path: '/script/bench/v1beta/models/gemini-2.5-flash:streamGenerateContent',
    transcript: 'contents',
  },
  bedrock: {
    path: '/script/bench/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream',
    transcript: 'messages',
  },
  ollama: { path: '/script/bench/api/chat', transcript: 'messages' },
};

function transcriptLength(body: unknown, field: string): number | undefined {
  if (typeof body !== 'object' || body === null || !(field in body)) return undefined;
  const transcript: unknown = (body as Record<string, unknown>)[field];
  return Array.isArray(transcript) ? transcript.length : undefined;
}

describe.each(
  wireIds.flatMap((wire) => (['floor', 'toolloop'] as const).map((role) => [wire, role] as const)),
)('%s %s', (wire, role) => {
  it('runs a 2-round loop in 3 streamed requests on its wire, each with the transcript so far, with no violation', async () => {
    fake = createFakeLlm();
    fake.script('bench', { name: `${wire} ${role}`, steps: createLoopSteps({ rounds: 2 }) });
    const server = await fake.serve();
    const contender =
      role === 'floor'
        ? createWireFloor({ wire, rounds: 2 })
        : createWireToolloopContender({ wire, rounds: 2 });
    await contender.run(`${server.url}/script/bench`);
    await fake.waitForIdle();
    const { path, transcript } = wireRequests[wire];
    expect({
      requests: fake.requests.map((request) => [request.path, request.stream]),
      transcripts: fake.requests.map((request) => transcriptLength(request.body, transcript)),
      violations: fake.violations,
    }).toEqual({
      requests: [
        [path, true],
        [path, true],
        [path, true],
      ],
      transcripts: [1, 3, 5],
      violations: [],
    });
  });
});
