import type { JsonObject, Model } from '@toolloop/core';
import type { FakeLlm, FakeLlmScriptHandle, LlmStep } from '@toolloop/fake-llm';
import type { SideRole } from '../record/recording.js';
import { createScenarioModel, type ModelEndpoint } from '../run/create-scenario-model.js';
import { listScenarioModels } from '../run/list-scenario-models.js';
import type { RunMode } from '../run/mode/run-mode.js';
import { sideRouteIdOf } from '../run/mode/side-routes.js';
import { scenarioProviders } from '../run/scenario-providers.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import type { ScenarioProvider } from '../scenario/wires.js';

/** A model beside the agent's (a judge, the simulated user), pointed at where its answers come from. */
export interface SideModel {
  /** The model with this id (default: the role's own, else the scenario's when the provider is the same). */
  modelOf(modelId: string | undefined): Promise<Model>;
  /** Its route on the fake LLM, when the fake answers it (a script, a replay); `undefined` when it runs live. */
  readonly route: FakeLlmScriptHandle | undefined;
  /** Whether the fake answers it from the scenario's own `script` (not from a recording, not live). */
  readonly scripted: boolean;
  /** Removes its route from the fake. */
  close(): void;
}

/**
 * Opens a model beside the agent's, of `provider`: sent to the real API when the run's mode says so
 * (`sideEndpoint`, a live run); else answered by the fake LLM on a route of its own, from the mode's steps (a
 * replayed recording's answers) or from `script`, each scripted answer sent as the structured answer the model asks
 * for (JSON text for a model with structured output, a `final_answer` call for one without).
 */
export async function openSideModel({
  role,
  provider,
  defaultModel,
  scenario,
  mode,
  fake,
  fakeUrl,
  fakeFetch,
  routeId,
  directory,
  script,
}: {
  role: SideRole;
  provider: ScenarioProvider;
  /** The role's model when a request names none. */
  defaultModel: string | undefined;
  scenario: Scenario;
  mode: Pick<RunMode, 'sideEndpoint' | 'sideSteps'>;
  fake: FakeLlm;
  fakeUrl: string;
  fakeFetch?: typeof globalThis.fetch | undefined;
  /** The scenario's route: the side model's is beside it. */
  routeId: string;
  directory: string;
  /** The scripted answers, each the structured answer as an object. */
  script: readonly JsonObject[];
}): Promise<SideModel> {
  const modelFor = (endpoint: ModelEndpoint) => (modelId: string | undefined) =>
    createScenarioModel({
      scenario: {
        ...scenario,
        provider,
        model: modelId ?? defaultModel ?? (provider === scenario.provider ? scenario.model : undefined),
      },
      endpoint,
    });
  const live = mode.sideEndpoint?.(role, provider);
  if (live !== undefined) return { modelOf: modelFor(live), route: undefined, scripted: false, close() {} };
  const sideRouteId = sideRouteIdOf(routeId, role);
  const baseURL = `${fakeUrl}/script/${encodeURIComponent(sideRouteId)}`;
  const modelOf = modelFor(fakeFetch === undefined ? { baseURL } : { baseURL, fetch: fakeFetch });
  const replayed = mode.sideSteps?.(role);
  let steps = replayed;
  if (steps === undefined) {
    // The structured answer takes the form the role's model asks for it in.
    const structured = (await modelOf(undefined)).supportsStructuredOutput === true;
    steps = script.map((answer): LlmStep =>
      structured
        ? { text: JSON.stringify(answer) }
        : { toolCalls: [{ name: 'final_answer', input: { ...answer } }] },
    );
  }
  const route = fake.script(sideRouteId, {
    name: `${scenario.name} (${role === 'judges' ? 'judge' : 'simulated user'})`,
    steps,
    baseDirectory: directory,
    ...scenarioProviders[provider].route,
    ...listScenarioModels(scenario),
  });
  return {
    modelOf,
    route,
    scripted: replayed === undefined,
    close() {
      fake.removeScript(sideRouteId);
    },
  };
}
