import { HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';

// LangChain's ChatOpenAI on OpenAI's Responses API (`useResponsesApi: true`), with reasoning asked for, in the
// tool loop its documentation shows, against the served fake's POST /v1/responses: the model reasons and asks
// for the weather, LangChain sends the result back, the model answers.
let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const question = 'What is the weather in Paris?';
const answer = 'Sunny in Paris.';
const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'The weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

async function runLoop(model: ChatOpenAI): Promise<string> {
  const chat = model.bindTools([weatherTool]);
  const messages: BaseMessage[] = [new HumanMessage(question)];
  let reply = await chat.invoke(messages);
  while ((reply.tool_calls ?? []).length > 0) {
    messages.push(reply);
    for (const call of reply.tool_calls ?? []) {
      const city = String((call.args as { city?: unknown }).city);
      messages.push(new ToolMessage({ tool_call_id: call.id ?? '', content: `Sunny in ${city}.` }));
    }
    reply = await chat.invoke(messages);
  }
  return reply.text;
}

// With `zdrEnabled` (`store: false`) LangChain 1.5.8 asks for no encrypted reasoning and sends the call back
// without its reasoning item (and without the item's id, which the API would need to miss it): the API takes
// that, so the loop completes, but the model loses its reasoning between rounds.
describe.each([
  ['stored responses (the default): the reasoning item goes back', {}, true],
  ['zdrEnabled (store: false): no reasoning goes back', { zdrEnabled: true }, false],
])(
  "@langchain/openai's ChatOpenAI with useResponsesApi and reasoning, %s",
  (_name, extra, sendsReasoningBack) => {
    it('completes a two-round tool loop against the served fake with no violation', async () => {
      fake = createFakeLlm({
        name: 'langchain responses',
        steps: [
          {
            thinking: 'The user wants the weather in Paris, so I call the tool.',
            toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }],
          },
          { text: answer, expectTools: ['get_weather'] },
        ],
      });
      const { url } = await fake.serve();
      const model = new ChatOpenAI({
        model: 'gpt-5',
        apiKey: 'test',
        maxRetries: 0,
        useResponsesApi: true,
        reasoning: { effort: 'low', summary: 'auto' },
        configuration: { baseURL: `${url}/v1` },
        ...extra,
      });
      const text = await runLoop(model);
      expect([text, fake.requests.length, fake.violations]).toEqual([answer, 2, []]);
      const input = (fake.requests[1]?.body as { input: Array<Record<string, unknown>> }).input;
      expect(input.some((item) => item['type'] === 'reasoning')).toBe(sendsReasoningBack);
    });
  },
);
