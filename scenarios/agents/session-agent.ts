import { defineAgent } from '@toolloop/eval';
import { lookupOrder } from './support-tools.js';

/** The host's session config, as the shop's server passes it to SessionManager (less the key and servers). */
export const supportSessionConfig = {
  system_prompt: 'You are the support assistant of Acme Shop.',
  max_tool_calls: { per_message: 1 },
  thinking: false,
};

export default defineAgent({ session: { config: supportSessionConfig, tools: [lookupOrder] } });
