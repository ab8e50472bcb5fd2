import { defineAgent } from '@toolloop/eval';
import { createShop } from './shop/create-shop.js';
import { supportLoopOptions, supportSystemPrompt } from './support-policy.js';
import { createSupportTools } from './tools/create-support-tools.js';

/**
 * The support assistant under test: the system prompt, local tools and limits your app runs (see
 * start-support-turn.ts), on an in-memory shop. The scenarios add the help centre's MCP server and the model.
 * toolloop.config.ts makes this the agent of every scenario that names none.
 */
export default defineAgent({
  system: supportSystemPrompt,
  tools: createSupportTools({ shop: createShop() }),
  loop: supportLoopOptions,
});
