import type { LoopEvent, Model, ModelRequest } from '@toolloop/core';
import { SessionManager } from '@toolloop/core/session';
import { createModelFromConfig } from '@toolloop/providers';
import type { AgentSessionConfig, AgentTool } from '../agent/define-agent.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { defaultModels, fakeApiKey } from './create-scenario-model.js';
import type { TurnRunner } from './create-loop-turn-runner.js';
import { instrumentModel } from './instrument-model.js';

/**
 * Turns through `SessionManager` — the host's whole path — with the provider `createModelFromConfig` picks,
 * pointed at the fake LLM, and the host `config` (a session scenario's `session`, or a session agent's). The
 * scenario's servers, already started, come in `tools` with the agent's own.
 */
export async function createSessionTurnRunner({
  scenario,
  baseURL,
  tools,
  config,
  onRequest,
}: {
  scenario: Scenario;
  baseURL: string;
  tools: readonly AgentTool[];
  config: AgentSessionConfig;
  onRequest: (request: ModelRequest) => void;
}): Promise<TurnRunner> {
  const manager = new SessionManager({
    createModel: async (modelConfig): Promise<Model> =>
      instrumentModel(await createModelFromConfig(modelConfig), onRequest),
    tools,
  });
  const { provider } = scenario;
  if (provider === 'xml')
    throw new Error('A session scenario needs a provider type: anthropic, openai or ollama.');
  const session = await manager.initializeSession({
    type: provider,
    model: scenario.model ?? defaultModels[provider],
    api_key: fakeApiKey,
    base_url: provider === 'anthropic' ? baseURL : `${baseURL}/v1`,
    ...config,
  });
  return {
    start(user) {
      const stream = manager.sendMessageStream(session.id, user);
      return { events: toEvents(stream), result: stream.result };
    },
    close: () => manager.dispose(),
  };
}

async function* toEvents(chunks: AsyncIterable<{ event: LoopEvent }>): AsyncGenerator<LoopEvent> {
  for await (const chunk of chunks) yield chunk.event;
}
