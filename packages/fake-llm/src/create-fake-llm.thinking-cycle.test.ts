import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeLlm } from './create-fake-llm.js';
import type { LlmStep } from './script/llm-step.js';

const fake = createFakeLlm();

const weatherTool = {
  name: 'get_weather',
  description: 'Weather for a city',
  input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } },
};

/** Runs a script through the SDK: each request gets the history so far, as `edit` makes it from the real one. */
async function runConversation(options: {
  id: string;
  steps: LlmStep[];
  /** What the client sends as the history before each request (default: the history as it is). */
  edit?: (history: Anthropic.MessageParam[]) => Anthropic.MessageParam[];
}) {
  const route = fake.script(options.id, options.steps);
  const client = new Anthropic({ apiKey: 'test', baseURL: `http://fake-llm.test/script/${options.id}` });
  const history: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Paris and Lyon?' }];
  for (const _step of options.steps) {
    const message = await client.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 2048,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      tools: [weatherTool],
      messages: options.edit?.(history) ?? history,
    });
    history.push({ role: 'assistant', content: message.content });
    const results = message.content.flatMap((block) =>
      block.type === 'tool_use'
        ? [{ type: 'tool_result' as const, tool_use_id: block.id, content: 'Sunny' }]
        : [],
    );
    history.push({ role: 'user', content: results.length > 0 ? results : 'And tomorrow?' });
  }
  return route;
}

/** The history without the thinking blocks of the assistant messages before `keepFrom` (default: all of them). */
function dropThinking(
  history: Anthropic.MessageParam[],
  keepFrom = history.length,
): Anthropic.MessageParam[] {
  return history.map((message, index) =>
    message.role === 'assistant' && index < keepFrom && Array.isArray(message.content)
      ? { ...message, content: message.content.filter((block) => block.type !== 'thinking') }
      : message,
  );
}

/** The history without the thinking of every assistant message but the last one. */
function dropEarlierThinking(history: Anthropic.MessageParam[]): Anthropic.MessageParam[] {
  return dropThinking(
    history,
    history.findLastIndex((message) => message.role === 'assistant'),
  );
}

const twoToolRounds: LlmStep[] = [
  { thinking: 'Paris first.', toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
  { thinking: 'Now Lyon.', toolCalls: [{ name: 'get_weather', input: { city: 'Lyon' } }] },
  { text: 'Sunny in both.' },
];

beforeAll(() => {
  fake.listen();
});
afterAll(() => fake.close());

describe('thinking blocks are required back for the current tool-use cycle only', () => {
  it('accepts a client that drops the thinking of tool rounds whose results it already returned', async () => {
    const route = await runConversation({
      id: 'drop-earlier',
      steps: twoToolRounds,
      edit: dropEarlierThinking,
    });
    expect(route.violations).toEqual([]);
  });

  it('accepts a client that drops the thinking of an earlier finished turn', async () => {
    const route = await runConversation({
      id: 'drop-finished-turn',
      steps: [{ thinking: 'Easy.', text: 'Sunny.' }, { text: 'Sunny again.' }],
      edit: (history) => dropThinking(history),
    });
    expect(route.violations).toEqual([]);
  });

  it('reports the thinking of the last tool-use assistant message dropped while its results go back', async () => {
    const route = await runConversation({
      id: 'drop-current',
      steps: twoToolRounds,
      edit: (history) => dropThinking(history),
    });
    expect(route.violations.map((violation) => [violation.type, violation.requestIndex])).toEqual([
      ['thinking-changed', 1],
      ['thinking-changed', 2],
    ]);
    expect(route.violations[1]?.message).toContain('messages[3] echoes answer msg_fake_drop-current_2');
  });

  it('still reports an earlier thinking block kept with its text changed', async () => {
    const route = await runConversation({
      id: 'change-earlier',
      steps: twoToolRounds,
      edit: (history) =>
        history.map((message, index): Anthropic.MessageParam =>
          index === 1 && message.role === 'assistant' && Array.isArray(message.content)
            ? {
                role: 'assistant',
                content: message.content.map((block) =>
                  block.type === 'thinking' ? { ...block, thinking: 'Lyon first.' } : block,
                ),
              }
            : message,
        ),
    });
    expect(route.violations.map((violation) => [violation.type, violation.requestIndex])).toEqual([
      ['thinking-changed', 1],
      ['thinking-changed', 2],
    ]);
  });
});
