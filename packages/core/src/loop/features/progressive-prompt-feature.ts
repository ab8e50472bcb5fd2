import { composeSystemPrompt } from '../progressive-prompt.js';
import type { TurnFeature } from './turn-feature.js';

/**
 * `progressivePrompt`: the system prompt of each request ends with a line for its round (the first, a later one,
 * or the last answer), kept apart so that providers can leave it out of a cached prefix.
 */
export const progressivePromptFeature: TurnFeature = {
  prepareRequest({ state, options }, draft) {
    const { system, addition } = composeSystemPrompt({
      system: draft.system,
      progressivePrompt: options.progressivePrompt,
      round: state.rounds,
      isFinal: draft.isFinal,
    });
    draft.system = system;
    draft.volatileSystemSuffix = addition;
  },
};
