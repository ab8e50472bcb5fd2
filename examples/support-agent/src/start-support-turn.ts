import {
  runToolLoop,
  type Message,
  type Model,
  type ToolLoopOptions,
  type ToolLoopRun,
  type ToolSource,
} from '@toolloop/core';
import type { Shop } from './shop/create-shop.js';
import { supportLoopOptions, supportSystemPrompt } from './support-policy.js';
import { createSupportTools } from './tools/create-support-tools.js';

/**
 * One turn of the assistant, as your app runs it: the shop's rules, its tools and limits, and the help centre's
 * MCP server (connected with `connectMcpServers` from `@toolloop/core/mcp`). Give `prompt` for the customer's
 * next message, or `resume` to go on with a turn that stopped with `approval_required`. `src/agent.ts` puts the
 * same prompt, tools and limits under test.
 */
export function startSupportTurn({
  model,
  shop,
  messages,
  prompt,
  knowledgeBase,
  resume,
  signal,
}: {
  model: Model;
  shop: Shop;
  /** The conversation so far (`result.messages` of the last turn). */
  messages?: Message[];
  /** The customer's next message. */
  prompt?: string;
  knowledgeBase?: ToolSource;
  /** A turn that stopped with `approval_required` (its `pausedTurn`), with a decision for each pending call. */
  resume?: ToolLoopOptions['resume'];
  signal?: AbortSignal;
}): ToolLoopRun {
  return runToolLoop({
    model,
    system: supportSystemPrompt,
    tools: [...createSupportTools({ shop }), ...(knowledgeBase === undefined ? [] : [knowledgeBase])],
    ...(messages === undefined ? {} : { messages }),
    ...(prompt === undefined ? {} : { prompt }),
    ...(resume === undefined ? {} : { resume }),
    ...(signal === undefined ? {} : { signal }),
    ...supportLoopOptions,
  });
}
