import { createEmptyUsage, type Usage } from '@toolloop/core';
import { z } from 'zod';
import type { TurnReport } from '../report/run-report.js';
import { askForAnswer } from './ask-for-answer.js';
import { openSideModel, type SideModel } from './open-side-model.js';
import { scenarioPricesOf } from './scenario-prices.js';
import type { Simulation } from './simulate-schema.js';
import { renderConversation, renderSimulatedUserPrompt } from './simulated-user-prompt.js';

/** What the simulated user answered: the next message, or why it gave up; with its own tokens. */
export interface SimulatedReply {
  /** The user's next message, or, when it gave up, why. */
  message: string;
  gaveUp: boolean;
  /** The user's model, as `provider/model`. */
  model: string;
  /** Why the user gave no answer: its answer did not fit, its request failed, its script ran out. */
  error?: string;
  /** The simulated user's own tokens, apart from the agent's and the judges'. */
  usage: Usage;
  /** What those tokens cost, when the scenario's prices name its model. */
  cost?: number;
}

/** A scenario's simulated user: asked for each next message on a route of its own. */
export interface SimulatedUser {
  next(options: { turns: readonly TurnReport[]; signal?: AbortSignal }): Promise<SimulatedReply>;
  /** Its route on the fake LLM, when the fake answers it. */
  readonly route: SideModel['route'];
  /** Whether it answers from the scenario's `simulate.script`. */
  readonly scripted: boolean;
  close(): void;
}

const answerSchema = z.object({ message: z.string(), gaveUp: z.boolean() });

/**
 * Opens the simulated user of a scenario's `simulate` turn: a model of the scenario's provider that plays
 * `persona` after `goal` (`simulate.model`, else the judge's model when the judge runs on the scenario's provider,
 * else the scenario's), answered where the run's
 * mode says: in a scripted run from `simulate.script` (a message, or `{ giveUp }`), in a replay from the recording,
 * live from the real API.
 */
export async function openSimulatedUser({
  simulation,
  scenario,
  ...route
}: Omit<Parameters<typeof openSideModel>[0], 'role' | 'provider' | 'defaultModel' | 'script'> & {
  simulation: Simulation;
}): Promise<SimulatedUser> {
  const prices = scenarioPricesOf(scenario);
  const script = (simulation.script ?? []).map((answer) =>
    typeof answer === 'string'
      ? { message: answer, gaveUp: false }
      : { message: answer.giveUp, gaveUp: true },
  );
  const side = await openSideModel({
    ...route,
    scenario,
    role: 'users',
    provider: scenario.provider,
    // The judge's model is of the judge's provider: the simulated user takes it only when that is the scenario's.
    defaultModel:
      simulation.model ??
      ((scenario.judge?.provider ?? scenario.provider) === scenario.provider
        ? scenario.judge?.model
        : undefined),
    script,
  });
  return {
    route: side.route,
    scripted: side.scripted,
    async next({ turns, signal }) {
      const model = await side.modelOf(undefined);
      const base = { model: `${model.provider}/${model.modelId}`, gaveUp: false, message: '' };
      const answerless = side.route?.remainingSteps === 0;
      if (answerless && side.scripted) {
        return {
          ...base,
          error: `simulate.script has no message left for turn ${turns.length + 1} (it has ${script.length}): give one per simulated turn, or end it with { giveUp }`,
          usage: createEmptyUsage(),
        };
      }
      const replied = await askForAnswer({
        who: 'the simulated user',
        model,
        system: renderSimulatedUserPrompt(simulation),
        prompt: renderConversation(turns),
        schema: answerSchema,
        prices,
        signal,
      });
      const spent = { usage: replied.usage, ...(replied.cost === undefined ? {} : { cost: replied.cost }) };
      // A replay asks anyway, so that its request is a drift.
      if (answerless)
        return {
          ...base,
          error: 'the recording holds no answer for the simulated user: re-record it with --update',
          ...spent,
        };
      if ('error' in replied) return { ...base, error: replied.error, ...spent };
      const { message, gaveUp } = replied.answer;
      if (message.trim() === '')
        return { ...base, error: 'the simulated user answered an empty message', ...spent };
      return { ...base, message, gaveUp, ...spent };
    },
    close: () => {
      side.close();
    },
  };
}
