import {
  SessionManager,
  runToolLoop,
  type LoopEvent,
  type LoopResult,
  type Message,
  type Model,
  type ModelRequest,
  type ToolSource,
} from '@toolloop/core';
import { createModelFromConfig } from '@toolloop/providers';
import type { Scenario } from '../scenario/scenario-schema.js';
import { createScenarioModel, defaultModels, fakeApiKey } from './create-scenario-model.js';
import { instrumentModel } from './instrument-model.js';

/** Runs a scenario's turns one after the other as one conversation. */
export interface TurnRunner {
  start(user: string): { events: AsyncIterable<LoopEvent>; result: Promise<LoopResult> };
  close(): Promise<void>;
}

/**
 * The turns of a scenario run straight through `runToolLoop` (its `loop` options), or, when it has a `session`
 * config, through `SessionManager` with the provider `createModelFromConfig` picks — the host's whole path.
 * Either way every model request is reported to `onRequest`.
 */
export async function createTurnRunner({
  scenario,
  baseURL,
  tools,
  onRequest,
}: {
  scenario: Scenario;
  baseURL: string;
  tools: ToolSource[];
  onRequest: (request: ModelRequest) => void;
}): Promise<TurnRunner> {
  if (scenario.session === undefined) {
    const model = instrumentModel(createScenarioModel({ scenario, baseURL }), onRequest);
    let messages: Message[] = [];
    let sessionToolCalls = 0;
    return {
      start(user) {
        const run = runToolLoop({
          model,
          ...(scenario.system === undefined ? {} : { system: scenario.system }),
          tools,
          messages,
          prompt: user,
          sessionToolCalls,
          // The scenario's `loop` options share their names and meanings with the core loop's.
          ...scenario.loop,
        });
        const result = run.result.then((done) => {
          messages = done.messages;
          sessionToolCalls = done.sessionToolCalls;
          return done;
        });
        return { events: run, result };
      },
      close: () => Promise.resolve(),
    };
  }
  const manager = new SessionManager({
    createModel: async (config): Promise<Model> =>
      instrumentModel(await createModelFromConfig(config), onRequest),
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
    ...(scenario.system === undefined ? {} : { system_prompt: scenario.system }),
    ...scenario.session,
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
