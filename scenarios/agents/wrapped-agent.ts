import { runToolLoop, type ToolLoopRun } from '@toolloop/core';
import { defineAgent, type AgentRunContext } from '@toolloop/eval';
import { lookupOrder } from './support-tools.js';

/**
 * The shop's own wrapper around the loop, as its app calls it for each customer message: a system prompt that
 * knows how far the conversation is, one tool round, then an answer.
 */
export function startSupportTurn({ model, tools, messages, signal }: AgentRunContext): ToolLoopRun {
  const customerMessages = messages.filter((message) => message.role === 'user').length;
  return runToolLoop({
    model,
    tools,
    messages,
    signal,
    system: `You are the support assistant of Acme Shop. This is customer message ${customerMessages} of the conversation.`,
    maxRounds: 1,
    progressivePrompt: true,
  });
}

// Declaring lookup_order here (rather than inside the wrapper) lets scenarios mock it; run gets it in `tools`.
export default defineAgent({ tools: [lookupOrder], run: startSupportTurn });
