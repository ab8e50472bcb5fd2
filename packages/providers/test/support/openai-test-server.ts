import { useScriptedTestServer, type ScriptedAnswer } from './scripted-test-server.js';

/** The base URL the OpenAI-compatible provider tests point at; msw answers it, and nothing leaves the process. */
export const openaiTestBaseURL = 'https://openai.test/v1';

/** A scripted msw server for `POST <baseURL>/chat/completions` (see `useScriptedTestServer`). */
export function useOpenAITestServer() {
  const { server, answer } = useScriptedTestServer();
  return {
    server,
    answer: (responses: ScriptedAnswer[], baseURL = openaiTestBaseURL) =>
      answer(`${baseURL}/chat/completions`, responses),
  };
}
