import type { LoopResult } from '../loop/loop-result.js';
import { runToolLoop } from '../loop/run-tool-loop.js';
import type { ToolLoopOptions } from '../loop/tool-loop-options.js';
import type { Message } from '../model/messages.js';
import type { MessageStreamWriter } from './create-message-stream.js';
import type { SessionResources } from './open-session-resources.js';
import type { SessionData } from './session-data.js';
import type { SessionStore } from './session-store.js';
import { toFailedTurnMessages } from './to-failed-turn-messages.js';
import { toMessageStreamChunk } from './to-message-stream-chunk.js';
import { toSessionChange } from './to-session-change.js';
import { toSessionLoopOptions } from './to-session-loop-options.js';
import { watchModelRequests } from './watch-model-requests.js';

/** How a session turn ended: with the loop's result, or with the failure of the run itself. */
export type SessionTurnOutcome =
  | { type: 'finished'; session: SessionData; result: LoopResult }
  | { type: 'failed'; session: SessionData; error: unknown };

/**
 * Runs one user message through the loop with the session's history, limits and tool-call count, streams its
 * chunks, and saves the session (also when the turn stopped on a limit or an error) before the `done` chunk.
 * If the run itself fails, the user's message and the turn's transcript up to its last model request are
 * saved all the same, and the outcome carries the failure. Either way it returns the session as saved.
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
}): Promise<SessionTurnOutcome> {
  const userMessage: Message = { role: 'user', content: text };
  let lastRequestMessages: readonly Message[] | undefined;
  let startedToolCalls = 0;
  let result: LoopResult;
  try {
    const run = runToolLoop({
      ...toSessionLoopOptions(session.llmConfig),
      model: watchModelRequests(resources.model, (request) => (lastRequestMessages = request.messages)),
      messages: session.messages,
      prompt: text,
      tools: [...tools, ...(resources.servers === undefined ? [] : [resources.servers])],
      sessionToolCalls: session.toolCallCount,
      signal: writer.signal,
    });
    for await (const event of run) {
      if (event.type === 'tool_start') startedToolCalls += 1;
      // `done` goes out after the save below, so a host that sees it can rely on the store.
      if (event.type !== 'done') writer.push(toMessageStreamChunk(event));
    }
    result = await run.result;
  } catch (error) {
    // Whatever failed, the user's message is not lost: what the turn got to is saved, then the stream fails.
    const saved: SessionData = {
      ...session,
      messages: toFailedTurnMessages({ history: session.messages, userMessage, lastRequestMessages }),
      toolCallCount: session.toolCallCount + startedToolCalls,
      lastActivity: new Date(now()),
    };
    await store.save(saved, toSessionChange({ before: session.messages, after: saved.messages }));
    return { type: 'failed', session: saved, error };
  }
  const saved: SessionData = {
    ...session,
    messages: result.messages,
    toolCallCount: result.sessionToolCalls,
    lastActivity: new Date(now()),
  };
  await store.save(saved, toSessionChange({ before: session.messages, after: saved.messages }));
  writer.push(toMessageStreamChunk({ type: 'done', result }));
  return { type: 'finished', session: saved, result };
}
