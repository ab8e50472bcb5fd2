import type { LlmServerConfig } from '@toolloop/core/session';
import type { Scenario } from '@toolloop/eval';
import { createFakeLlm } from '@toolloop/fake-llm';
import { createMockStdioParameters } from '@toolloop/mock-mcp';

/** What the chat talks to: the fake LLM's URL (none for the real API), the tool servers, and how to stop. */
export interface ChatBackend {
  baseURL: string | undefined;
  servers: Record<string, LlmServerConfig>;
  close(): Promise<void>;
}

/**
 * The backend a scenario file describes: its mock servers as `mock-mcp` child processes, its command and URL
 * servers as they are, and — unless the real API is used — a fake LLM on loopback playing its `llm` steps.
 */
export async function startChatBackend({
  scenario,
  directory,
  useRealApi,
}: {
  scenario: Scenario;
  directory: string;
  useRealApi: boolean;
}): Promise<ChatBackend> {
  const servers = Object.fromEntries(
    Object.entries(scenario.servers ?? {}).map(([name, server]): [string, LlmServerConfig] => [
      name,
      'tools' in server ? createMockStdioParameters({ spec: server }) : server,
    ]),
  );
  if (useRealApi) return { baseURL: undefined, servers, close: () => Promise.resolve() };
  const fake = createFakeLlm({
    name: scenario.name,
    steps: scenario.turns.flatMap((turn) => turn.llm),
    baseDirectory: directory,
  });
  const server = await fake.serve();
  return { baseURL: server.url, servers, close: () => fake.close() };
}
