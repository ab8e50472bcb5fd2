import type { LoopResult } from '../loop/loop-result.js';
import { runToolLoop } from '../loop/run-tool-loop.js';
import type { ToolLoopOptions } from '../loop/tool-loop-options.js';
import type { MessageStreamWriter } from './create-message-stream.js';
import type { SessionResources } from './open-session-resources.js';
import type { SessionData } from './session-data.js';
import type { SessionStore } from './session-store.js';
import { toMessageStreamChunk } from './to-message-stream-chunk.js';
import { toSessionLoopOptions } from './to-session-loop-options.js';

/**
 * Runs one user message through the loop with the session's history, limits and tool-call count, streams its
 * chunks, and saves the session (also when the turn stopped on a limit or an error) before the `done` chunk.
 * Returns the session as saved.
 */
export async function runSessionTurn({
  session,
  resources,
  text,
  tools = [],
  writer,
  store,
  now,
}: {
  session: SessionData;
  resources: SessionResources;
  text: string;
  tools?: ToolLoopOptions['tools'];
  writer: MessageStreamWriter;
  store: SessionStore;
  now: () => number;
}): Promise<{ session: SessionData; result: LoopResult }> {
  const run = runToolLoop({
    ...toSessionLoopOptions(session.llmConfig),
    model: resources.model,
    messages: session.messages,
    prompt: text,
    tools: [...tools, ...(resources.servers === undefined ? [] : [resources.servers])],
    sessionToolCalls: session.toolCallCount,
    signal: writer.signal,
  });
  for await (const event of run) {
    // `done` goes out after the save below, so a host that sees it can rely on the store.
    if (event.type !== 'done') writer.push(toMessageStreamChunk(event));
  }
  const result = await run.result;
  const saved: SessionData = {
    ...session,
    messages: result.messages,
    toolCallCount: result.sessionToolCalls,
    lastActivity: new Date(now()),
  };
  await store.save(saved);
  writer.push(toMessageStreamChunk({ type: 'done', result }));
  return { session: saved, result };
}
