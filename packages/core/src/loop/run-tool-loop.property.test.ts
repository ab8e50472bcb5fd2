import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../model/messages.js';
import type { FinishReason } from '../model/model.js';
import { defineTool } from '../tools/define-tool.js';
import { createScriptedModel, type ScriptedResponse } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';
import { stopReasons } from './stop-reason.js';
import type { ToolLoopOptions } from './tool-loop-options.js';

const tools = [
  defineTool({ name: 'ok', inputSchema: { type: 'object' }, execute: () => 'fine' }),
  defineTool({
    name: 'fail',
    inputSchema: { type: 'object' },
    execute: () => {
      throw new Error('broken');
    },
  }),
  defineTool({ name: 'typed', inputSchema: { type: 'object', required: ['n'] }, execute: () => 'typed' }),
];

const toolCall = fc.oneof(
  fc
    .constantFrom('ok', 'fail', 'typed', 'missing', 'cannot_complete_task')
    .map((name) => ({ name, input: {} })),
  fc.constant({ name: 'ok', rawInput: '{"broken": ' }),
);

const response: fc.Arbitrary<ScriptedResponse> = fc.record(
  {
    thinking: fc.string({ maxLength: 8 }),
    text: fc.string({ maxLength: 8 }),
    toolCalls: fc.array(toolCall, { maxLength: 3 }),
    finishReason: fc.constantFrom<FinishReason>('max_tokens', 'refusal', 'pause', 'end'),
    error: fc.constant(new Error('provider down')),
  },
  { requiredKeys: [] },
);

const limits: fc.Arbitrary<Partial<ToolLoopOptions>> = fc.record(
  {
    maxIterations: fc.integer({ min: 1, max: 6 }),
    maxRounds: fc.integer({ min: 1, max: 4 }),
    maxConsecutiveErrors: fc.integer({ min: 1, max: 4 }),
    maxToolCalls: fc.oneof(
      fc.integer({ min: 0, max: 4 }),
      fc.record({ perSession: fc.integer({ min: 0, max: 4 }) }),
    ),
    maxToolsPerResponse: fc.integer({ min: 1, max: 2 }),
    unknownTool: fc.constantFrom<'feedback' | 'stop'>('feedback', 'stop'),
    explicitStop: fc.boolean(),
  },
  { requiredKeys: [] },
);

/** Every assistant tool call is answered, in order, by the very next message — and by nothing else. */
function unansweredToolCalls(messages: Message[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    const callIds = message.content.flatMap((part) => (part.type === 'tool-call' ? [part.id] : []));
    if (callIds.length === 0) return;
    const next = messages[index + 1];
    const resultIds = next?.role === 'tool' ? next.content.map((result) => result.toolCallId) : [];
    if (JSON.stringify(resultIds) !== JSON.stringify(callIds)) {
      problems.push(`message ${index}: calls ${callIds.join(',')} answered by [${resultIds.join(',')}]`);
    }
  });
  return problems;
}

describe('the transcript invariant', () => {
  it('every tool call has exactly one result before the next model request, whatever the script', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(response, { minLength: 1, maxLength: 8 }),
        limits,
        async (script, options) => {
          const model = createScriptedModel(script);
          const result = await runToolLoop({ model, tools, prompt: 'Go', statusMessages: 'off', ...options })
            .result;

          for (const request of model.requests) expect(unansweredToolCalls(request.messages)).toEqual([]);
          expect(unansweredToolCalls(result.messages)).toEqual([]);
          expect(stopReasons).toContain(result.stopReason);
          expect(result.iterations).toBe(model.requests.length);
          expect(result.iterations).toBeLessThanOrEqual(options.maxIterations ?? 10);
        },
      ),
      { numRuns: 300 },
    );
  });
});
