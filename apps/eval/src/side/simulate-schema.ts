import { z } from 'zod';
import { expectationSchema } from '../scenario/expectation-schema.js';

/** How many turns a simulated user has unless `maxTurns` says. */
export const defaultSimulatedTurns = 5;

/** One scripted answer of a simulated user: its next message, or why it gives up. */
export const simulatedAnswerSchema = z.union([
  z.string().min(1).describe("The user's next message."),
  z.strictObject({
    giveUp: z.string().min(1).describe('Why the user stops trying: the conversation ends there.'),
  }),
]);

/**
 * A turn's `simulate`: a model plays the user, turn after turn, until a judge finds the goal reached, the user
 * gives up, or `maxTurns` turns have run.
 */
export const simulateSchema = z.strictObject({
  persona: z
    .string()
    .min(1)
    .describe(
      'Who the simulated user is, as the model plays them: their situation, what they know, their manner.',
    ),
  goal: z.string().min(1).describe('What the user wants from the conversation.'),
  until: z
    .string()
    .min(1)
    .optional()
    .describe(
      "How a judge tells the goal is reached: the rubric it grades the whole conversation by after each of the agent's answers. Default: the goal itself.",
    ),
  maxTurns: z
    .int()
    .min(1)
    .max(50)
    .default(defaultSimulatedTurns)
    .describe(
      'The most turns the user has to reach the goal; the conversation fails when they run out. Default 5.',
    ),
  model: z
    .string()
    .min(1)
    .optional()
    .describe(
      "The simulated user's model, of the scenario's provider. Default: the judge's model, else the scenario's.",
    ),
  script: z
    .array(simulatedAnswerSchema)
    .optional()
    .describe(
      "In a scripted run, the fake LLM's answers as the simulated user, in order: each next message, or { giveUp } to stop.",
    ),
  expectLast: expectationSchema
    .optional()
    .describe(
      "What the last simulated turn must have done; the turn's `expect` holds for every simulated turn.",
    ),
});

export type Simulation = z.output<typeof simulateSchema>;
export type SimulatedAnswer = z.output<typeof simulatedAnswerSchema>;
