import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SessionManager } from '@toolloop/core/session';
import { connectMcpServers } from '@toolloop/core/mcp';
import { loadScenarioFile } from '@toolloop/eval';
import { createModelFromConfig } from '@toolloop/providers';
import { createColors } from 'picocolors';
import { askApprovals } from './ask-approvals.js';
import { renderChunk, type Screen } from './render-chunk.js';
import { startChatBackend } from './start-chat-backend.js';

/**
 * A small terminal host on SessionManager. With ANTHROPIC_API_KEY set it talks to the real API; otherwise to
 * the fake LLM, playing the scenario file's answers (default: chat/weather.yaml). `/quit` or Ctrl-D leaves.
 * With `--approve`, calls of the tools it names (comma-separated, or `all`) wait for a y/n in the terminal.
 *
 *   node dist/chat/main.js [--scenario file.yaml] [--model claude-sonnet-4-6] [--approve get_weather]
 */
const { values } = parseArgs({
  options: { scenario: { type: 'string' }, model: { type: 'string' }, approve: { type: 'string' } },
});
const approve = new Set(values.approve?.split(',').map((name) => name.trim()) ?? []);
const scenarioFile = resolve(
  values.scenario ?? fileURLToPath(new URL('../../chat/weather.yaml', import.meta.url)),
);
const { scenario } = await loadScenarioFile(scenarioFile);
const apiKey = process.env.ANTHROPIC_API_KEY;
const backend = await startChatBackend({
  scenario,
  directory: dirname(scenarioFile),
  useRealApi: apiKey !== undefined,
});
const colors = createColors(process.stdout.isTTY);
const screen: Screen = { write: (text) => process.stdout.write(text), line: 'empty' };
const manager = new SessionManager({
  createModel: createModelFromConfig,
  connectServers: connectMcpServers,
  needsApproval: ({ name }) => approve.has('all') || approve.has(name),
});
// Lines are read through the iterator, which keeps those typed (or piped) while a turn is still running.
const readline = createInterface({ input: process.stdin, output: process.stdout, prompt: 'you> ' });
const lines = readline[Symbol.asyncIterator]();

try {
  const session = await manager.initializeSession({
    type: 'claude',
    model: values.model ?? scenario.model ?? 'claude-sonnet-4-6',
    api_key: apiKey ?? 'fake-key-for-the-fake-llm',
    ...(backend.baseURL === undefined ? {} : { base_url: backend.baseURL }),
    ...(scenario.system === undefined ? {} : { system_prompt: scenario.system }),
    servers: backend.servers,
    max_tool_calls: { per_message: 5, per_session: 20 },
  });
  const against =
    apiKey === undefined
      ? `the fake LLM (${scenarioFile})`
      : `the Anthropic API (${session.llmConfig.model})`;
  console.log(colors.dim(`toolloop chat with ${against}. /quit to leave.`));
  for (;;) {
    readline.prompt();
    const next = await lines.next();
    const text = next.done === true ? '/quit' : next.value.trim();
    if (text === '/quit') break;
    if (text === '') continue;
    let stream = manager.sendMessageStream(session.id, text);
    for (;;) {
      for await (const chunk of stream) renderChunk({ chunk, screen, colors });
      const { stopReason, pendingApprovals = [] } = await stream.result;
      if (stopReason !== 'approval_required') break;
      // The turn waits: ask about each call, then go on with the same turn.
      const decisions = await askApprovals({
        calls: pendingApprovals,
        ask: async (question) => {
          process.stdout.write(colors.yellow(question));
          const answer = await lines.next();
          return answer.done === true ? undefined : answer.value;
        },
      });
      stream = manager.resumeTurnStream(session.id, decisions);
    }
  }
} finally {
  readline.close();
  await manager.dispose();
  await backend.close();
}
