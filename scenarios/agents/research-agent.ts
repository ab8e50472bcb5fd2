import { defineAgent } from '@toolloop/eval';
import { search, submitAnswer } from './research-tools.js';

/**
 * A research assistant that must search before it may answer, and whose turn ends once it has submitted:
 * prepareStep offers only `search` until a search found something, then only `submit_answer`; stopWhen names
 * the end of the turn.
 */
export default defineAgent({
  system: 'You answer questions: search first, then submit the answer with submit_answer.',
  tools: [search, submitAnswer],
  loop: {
    prepareStep: ({ toolCalls }) => ({
      activeTools: toolCalls.some((call) => call.name === 'search' && !call.isError)
        ? ['submit_answer']
        : ['search'],
    }),
    stopWhen: ({ toolCalls }) =>
      toolCalls.some((call) => call.name === 'submit_answer' && call.executed) && 'answer_submitted',
  },
});
