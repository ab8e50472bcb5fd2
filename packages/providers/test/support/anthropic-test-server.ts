import { useScriptedTestServer, type ScriptedAnswer } from './scripted-test-server.js';

export type { ReceivedBody } from './scripted-test-server.js';

/** The base URL every provider test points at; msw answers it, and nothing leaves the process. */
export const testBaseURL = 'https://anthropic.test';

/** A scripted msw server for `POST /v1/messages` (see `useScriptedTestServer`). */
export function useAnthropicTestServer() {
  const { server, answer } = useScriptedTestServer();
  return { server, answer: (responses: ScriptedAnswer[]) => answer(`${testBaseURL}/v1/messages`, responses) };
}
