import { Anthropic } from '@anthropic-ai/sdk';
import type { MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import { createFakeLlm } from '@toolloop/fake-llm';
import { toScenarioScript } from './write-scenario-suite.js';

/** What the floor of `count` generated scenarios took, from inside the process that ran it. */
export interface FloorRun {
  scenarios: number;
  durationMs: number;
}

const lookupTool: Tool = {
  name: 'lookup',
  description: 'Looks a key up.',
  input_schema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
};

/**
 * The floor of the eval benchmark: for each of `count` generated scenarios, only the three streamed requests its
 * turn sends, made with the bare Anthropic SDK against one fake LLM in this process, reached the way the eval
 * runner reaches it (a `fetch` that hands the request to `fake.handle`), each stream read to its end. No scenario
 * file is read, no MCP server started, no loop run, nothing checked: what is left of a scenario's cost when all of
 * that is taken away.
 */
export async function runFloorOnce({ count }: { count: number }): Promise<FloorRun> {
  const fake = createFakeLlm();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    await new Promise((resolve) => setImmediate(resolve));
    return fake.handle(request);
  };
  const startedAt = performance.now();
  for (let index = 0; index < count; index += 1) {
    const { prompt, keys, toolAnswer, answer } = toScenarioScript(index);
    const route = `floor-${index}`;
    const ids = keys.map((key) => `toolu_${key}`);
    fake.script(route, {
      steps: [
        ...keys.map((key, call) => ({
          toolCalls: [{ id: ids[call] ?? key, name: lookupTool.name, input: { key } }],
        })),
        { text: answer },
      ],
    });
    const client = new Anthropic({
      apiKey: 'bench',
      baseURL: `http://fake.invalid/script/${route}`,
      fetch,
    });
    const messages: MessageParam[] = [{ role: 'user', content: prompt }];
    for (let request = 0; request <= keys.length; request += 1) {
      const stream = await client.messages.create({
        model: 'claude-haiku-4-5',
        max_tokens: 1024,
        stream: true,
        messages: [...messages],
        tools: [lookupTool],
      });
      for await (const _event of stream);
      const key = keys[request];
      const id = ids[request];
      if (key === undefined || id === undefined) continue;
      messages.push(
        { role: 'assistant', content: [{ type: 'tool_use', id, name: lookupTool.name, input: { key } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: toolAnswer }] },
      );
    }
    const [violation] = fake.violations;
    if (violation !== undefined) throw new Error(`The floor broke the fake's protocol: ${violation.message}`);
    fake.removeScript(route);
  }
  const durationMs = performance.now() - startedAt;
  await fake.close();
  return { scenarios: count, durationMs };
}
