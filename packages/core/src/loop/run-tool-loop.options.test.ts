import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Message } from '../model/messages.js';
import { defineTool, type Tool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';
import type { ToolLoopOptions } from './tool-loop-options.js';

const model = createScriptedModel({ text: 'ok' });
const search = defineTool({
  name: 'search',
  inputSchema: z.object({ query: z.string() }),
  execute: ({ query }) => `Results for ${query}`,
});
const searchCall = { toolCalls: [{ name: 'search', input: { query: 'q' } }] };
const telemetryRefusal =
  "Invalid option 'telemetry': expected true, false or { enabled, tracer, captureContent, agentName }, where tracer is an OpenTelemetry Tracer.";

function refusal(options: Partial<ToolLoopOptions>): unknown {
  try {
    runToolLoop({ model, prompt: 'Q', ...options });
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('options taken', () => {
  it('takes contextLimit.summarize: true (the default summary settings) and runs the turn', async () => {
    const run = runToolLoop({ model, prompt: 'Q', contextLimit: { maxTokens: 100, summarize: true } });

    expect((await run.result).stopReason).toBe('completed');
  });

  it('takes contextLimit.summarize: false as no summary: older results are cleared instead', async () => {
    const searching = createScriptedModel([searchCall, searchCall, { text: 'Found.' }]);
    const { events } = await collectRun(
      runToolLoop({
        model: searching,
        tools: [search],
        prompt: 'Q',
        contextLimit: { maxTokens: 1, keepToolResults: 1, summarize: false },
      }),
    );

    expect(events.flatMap((event) => (event.type === 'warning' ? [event.code] : []))).toEqual([
      'tool_results_cleared',
    ]);
  });
});

describe('options refused at once, naming the option', () => {
  it('a missing model is an InvalidArgumentError, not a TypeError', () => {
    const error = refusal({ model: undefined });

    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe("Invalid option 'model': expected a Model with a stream() method.");
  });

  it.each<[Partial<ToolLoopOptions>, string]>([
    [
      { model: { stream: 'yes' } as never },
      "Invalid option 'model': expected a Model with a stream() method.",
    ],
    [
      { maxIterations: Number.NaN },
      "Invalid option 'maxIterations': expected an integer of at least 1, got NaN.",
    ],
    [
      { maxConsecutiveErrors: 0 },
      "Invalid option 'maxConsecutiveErrors': expected an integer of at least 1, got 0.",
    ],
    [
      { sessionToolCalls: -1 },
      "Invalid option 'sessionToolCalls': expected an integer of at least 0, got -1.",
    ],
    [
      { maxToolsPerResponse: 0 },
      "Invalid option 'maxToolsPerResponse': expected an integer of at least 1, got 0.",
    ],
    [{ toolConcurrency: 0 }, "Invalid option 'toolConcurrency': expected an integer of at least 1, got 0."],
    [{ maxRepeatedCalls: 0 }, "Invalid option 'maxRepeatedCalls': expected an integer of at least 1, got 0."],
    [{ maxRepeatedText: 0 }, "Invalid option 'maxRepeatedText': expected an integer of at least 1, got 0."],
    [{ tokenBudget: 0 }, "Invalid option 'tokenBudget.perTurn': expected an integer of at least 1, got 0."],
    [
      { tokenBudget: { perSession: 0 } },
      "Invalid option 'tokenBudget.perSession': expected an integer of at least 1, got 0.",
    ],
    [{ sessionTokens: -5 }, "Invalid option 'sessionTokens': expected an integer of at least 0, got -5."],
    [
      { maxTokens: 0 },
      "Invalid option 'maxTokens': expected an integer of at least 1 (it is sent to the model), got 0.",
    ],
    // Sent to the model as a number: Infinity would reach the API as `null` and be refused there.
    [
      { maxTokens: Number.POSITIVE_INFINITY },
      "Invalid option 'maxTokens': expected an integer of at least 1 (it is sent to the model), got Infinity.",
    ],
    [
      { thinking: { budgetTokens: Number.POSITIVE_INFINITY } },
      "Invalid option 'thinking.budgetTokens': expected an integer of at least 1 (it is sent to the model), got Infinity.",
    ],
    [
      { contextLimit: { maxTokens: 1000, summarize: { maxTokens: Number.POSITIVE_INFINITY } } },
      "Invalid option 'contextLimit.summarize.maxTokens': expected an integer of at least 1 (it is sent to the model), got Infinity.",
    ],
    [
      { timeoutMs: -1 },
      "Invalid option 'timeoutMs': expected milliseconds above 0 and at most 2147483647 (or Infinity), got -1.",
    ],
    [
      { timeoutMs: Number.NaN },
      "Invalid option 'timeoutMs': expected milliseconds above 0 and at most 2147483647 (or Infinity), got NaN.",
    ],
    [
      { statusMessages: 'loud' as 'off' },
      "Invalid option 'statusMessages': expected one of 'generated', 'template', 'off', got 'loud'.",
    ],
    [
      { toolSourceError: 'ignore' as 'skip' },
      "Invalid option 'toolSourceError': expected one of 'stop', 'skip', got 'ignore'.",
    ],
    [{ stopWhen: [() => undefined, 'done' as never] }, "Invalid option 'stopWhen[1]': expected a function."],
    [{ prepareStep: 'later' as never }, "Invalid option 'prepareStep': expected a function."],
    [
      { thinking: 'false' as never },
      'Invalid option \'thinking\': expected true, false or { budgetTokens?, effort? }, got "false".',
    ],
    [
      { thinking: null as never },
      "Invalid option 'thinking': expected true, false or { budgetTokens?, effort? }, got null.",
    ],
    // Only stopWhen takes a list: a list of one prepareStep is not a prepareStep.
    [{ prepareStep: [() => undefined] as never }, "Invalid option 'prepareStep': expected a function."],
    [{ onStepFinish: {} as never }, "Invalid option 'onStepFinish': expected a function."],
    [{ needsApproval: true as never }, "Invalid option 'needsApproval': expected a function."],
    [
      { prices: { m: { inputPerMillion: -1, outputPerMillion: 1 } } },
      "Invalid option 'prices.m.inputPerMillion': expected a price of zero or more, got -1.",
    ],
    [
      { prices: { m: { inputPerMillion: 1, outputPerMillion: Number.POSITIVE_INFINITY } } },
      "Invalid option 'prices.m.outputPerMillion': expected a price of zero or more, got Infinity.",
    ],
    [
      { prices: { m: { inputPerMillion: '2' as never, outputPerMillion: 1 } } },
      "Invalid option 'prices.m.inputPerMillion': expected a price of zero or more, got 2.",
    ],
    [
      { messages: [undefined as unknown as Message] },
      "Invalid option 'messages[0]': expected a message object with a role ('user', 'assistant' or 'tool').",
    ],
    [
      { messages: [{ content: 'hi' } as unknown as Message] },
      "Invalid option 'messages[0]': expected a message object with a role ('user', 'assistant' or 'tool').",
    ],
    [
      { messages: [{ role: 'system', content: 'hi' } as unknown as Message] },
      "Invalid option 'messages[0]': expected a message object with a role ('user', 'assistant' or 'tool').",
    ],
    [
      { messages: [{ role: 'user', content: 7 } as unknown as Message] },
      "Invalid option 'messages[0].content': a user message's content must be text or a list of parts.",
    ],
    [
      { messages: [{ role: 'user', content: 'a' }, { role: 'tool', content: 'b' } as unknown as Message] },
      "Invalid option 'messages[1].content': a tool message's content must be a list of parts.",
    ],
    [
      { messages: [{ role: 'user', content: [{ type: 'image', data: '' }] } as unknown as Message] },
      "Invalid option 'messages[0].content[0]': expected a part of a user message, whose type is 'text'.",
    ],
    [
      {
        messages: [
          { role: 'user', content: 'a' },
          { role: 'tool', content: [{ type: 'text', text: 'b' }] } as unknown as Message,
        ],
      },
      "Invalid option 'messages[1].content[0]': expected a part of a tool message, whose type is 'tool-result'.",
    ],
    [
      {
        messages: [
          { role: 'user', content: 'a' },
          {
            role: 'assistant',
            content: [{ type: 'tool-call', name: 'search', input: {} }],
          } as unknown as Message,
        ],
      },
      "Invalid option 'messages[1].content[0]': expected a tool call with a string id and name.",
    ],
    [{ tools: search as never }, "Invalid option 'tools': expected a list of tools and tool sources."],
    [
      { tools: [{ ...search, execute: 'run' } as unknown as Tool<unknown>] },
      "Invalid option 'tools[0]': expected a tool from defineTool or a tool source (listTools and callTool).",
    ],
    [
      { tools: [{ ...search, inputSchema: null } as unknown as Tool<unknown>] },
      "Invalid option 'tools[0]': expected a tool from defineTool or a tool source (listTools and callTool).",
    ],
    [
      { tools: [{ ...search, validateInput: undefined } as unknown as Tool<unknown>] },
      "Invalid option 'tools[0]': expected a tool from defineTool or a tool source (listTools and callTool).",
    ],
    [
      { tools: [{ ...search, name: 7 } as unknown as Tool<unknown>] },
      "Invalid option 'tools[0]': expected a tool from defineTool or a tool source (listTools and callTool).",
    ],
    [
      { tools: [{ ...search, inputSchema: 'object' } as unknown as Tool<unknown>] },
      "Invalid option 'tools[0]': expected a tool from defineTool or a tool source (listTools and callTool).",
    ],
    [
      { tools: [null as unknown as Tool<unknown>] },
      "Invalid option 'tools[0]': expected a tool from defineTool or a tool source (listTools and callTool).",
    ],
    [{ telemetry: null as never }, telemetryRefusal],
    [{ telemetry: 'on' as never }, telemetryRefusal],
    [{ telemetry: { tracer: 'console' as never } }, telemetryRefusal],
    [{ telemetry: { tracer: null as never } }, telemetryRefusal],
    [{ telemetry: { tracer: {} as never } }, telemetryRefusal],
    [
      { output: 'json' as never },
      "Invalid option 'output': expected a zod schema (or another Standard Schema with JSON Schema support) or a JSON Schema object.",
    ],
    [
      { output: [] as never },
      "Invalid option 'output': expected a zod schema (or another Standard Schema with JSON Schema support) or a JSON Schema object.",
    ],
    [{ stopWhen: 5 as never }, "Invalid option 'stopWhen': expected a function."],
    [
      { contextLimit: 'big' as never },
      'Invalid option \'contextLimit\': expected { maxTokens, keepToolResults?, excludeTools? }, got "big".',
    ],
    [
      { contextLimit: null as never },
      "Invalid option 'contextLimit': expected { maxTokens, keepToolResults?, excludeTools? }, got null.",
    ],
    [
      { contextLimit: { maxTokens: 100, summarize: 5 as never } },
      "Invalid option 'contextLimit.summarize': expected true, false or { model?, instructions?, maxTokens? }, got 5.",
    ],
    [
      { contextLimit: { maxTokens: 100, summarize: null as never } },
      "Invalid option 'contextLimit.summarize': expected true, false or { model?, instructions?, maxTokens? }, got null.",
    ],
    [
      { contextLimit: { maxTokens: 100, summarize: { instructions: 5 as never } } },
      "Invalid option 'contextLimit.summarize.instructions': expected the summary model's instructions as text, got 5.",
    ],
    [
      { contextLimit: { maxTokens: 100, summarize: { instructions: '  ' } } },
      "Invalid option 'contextLimit.summarize.instructions': expected the summary model's instructions as text, got \"  \".",
    ],
    [
      { resume: 'checkpoint' as never },
      "Invalid option 'resume': expected { turn, decisions? }: a checkpoint of the turn, or the pausedTurn of a result that stopped with approval_required and a decision for each pending call.",
    ],
    [
      { resume: null as never },
      "Invalid option 'resume': expected { turn, decisions? }: a checkpoint of the turn, or the pausedTurn of a result that stopped with approval_required and a decision for each pending call.",
    ],
    [
      { resume: { trun: {} } as never },
      "Invalid option 'resume.trun': unknown option; did you mean 'resume.turn'?",
    ],
    [
      { telemetry: { enabeld: true } as never },
      "Invalid option 'telemetry.enabeld': unknown option; did you mean 'telemetry.enabled'?",
    ],
    [
      { telemetry: { on: true, tracing: true } as never },
      "Invalid option 'telemetry.on': unknown option; expected one of enabled, tracer, captureContent, agentName.",
    ],
    [
      { thinking: { budgetTokns: 1 } as never },
      "Invalid option 'thinking.budgetTokns': unknown option; did you mean 'thinking.budgetTokens'?",
    ],
    [
      { thinking: { budget: 1, level: 2 } as never },
      "Invalid option 'thinking.budget': unknown option; did you mean 'thinking.budgetTokens'?",
    ],
    [{ prices: 5 as never }, "Invalid option 'prices': expected prices by model id, got 5."],
    [
      { toolChoice: { type: 'tool', name: ' ' } },
      "Invalid option 'toolChoice': expected { type: 'auto' | 'required' | 'none' } or { type: 'tool', name }, got {\"type\":\"tool\",\"name\":\" \"}.",
    ],
    [
      { toolChoice: { type: 'none', name: 'search' } as never },
      "Invalid option 'toolChoice': expected { type: 'auto' | 'required' | 'none' } or { type: 'tool', name }, got {\"type\":\"none\",\"name\":\"search\"}.",
    ],
    [
      { toolChoice: { type: 'tool', nmae: 'search' } as never },
      "Invalid option 'toolChoice.nmae': unknown option; did you mean 'toolChoice.name'?",
    ],
    [
      { explicitStop: { toolName: '' } },
      "Invalid option 'explicitStop.toolName': expected the give-up tool's name, got \"\".",
    ],
    [
      { explicitStop: { description: 5 as never } },
      "Invalid option 'explicitStop.description': expected the give-up tool's description, got 5.",
    ],
    [
      { hasOwnProperty: 1 } as never,
      "Invalid option 'hasOwnProperty': unknown option; runToolLoop takes only its own options (ToolLoopOptions): pass them by name rather than spreading an object that holds others.",
    ],
    [
      { thinking: { constructor: 1 } } as never,
      "Invalid option 'thinking.constructor': unknown option; expected one of budgetTokens, effort.",
    ],
    [{ statusModel: {} as never }, "Invalid option 'statusModel': expected a Model with a stream() method."],
    [{ signal: {} as never }, "Invalid option 'signal': expected an AbortSignal."],
    [
      { timeoutMs: '5' as never },
      "Invalid option 'timeoutMs': expected milliseconds above 0 and at most 2147483647 (or Infinity), got 5.",
    ],
    [{ system: 5 as never }, "Invalid option 'system': expected text, got 5."],
    [{ prompt: null as never }, "Invalid option 'prompt': expected text, got null."],
    [
      { maxTokens: 0.5 },
      "Invalid option 'maxTokens': expected an integer of at least 1 (it is sent to the model), got 0.5.",
    ],
    [
      { statusMessages: 5 as never },
      "Invalid option 'statusMessages': expected one of 'generated', 'template', 'off', got '5'.",
    ],
    [
      { maxToolCalls: '3' as never },
      'Invalid option \'maxToolCalls\': expected a number (per message) or { perMessage?, perSession? }, got "3".',
    ],
    [
      { contextLimit: { maxTokens: 100, excludeTools: ['search', ''] } },
      'Invalid option \'contextLimit.excludeTools\': expected a list of tool names, got ["search",""].',
    ],
    [
      { contextLimit: { maxTokens: 100, excludeTools: [5] as never } },
      "Invalid option 'contextLimit.excludeTools': expected a list of tool names, got [5].",
    ],
    [
      { contextLimit: { keepToolResults: 2 } as never },
      "Invalid option 'contextLimit.maxTokens': expected the size past which old tool results are cleared, in tokens; it is missing.",
    ],
  ])('%j', (options, message) => {
    const error = refusal(options);

    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(message);
  });

  it.each<[string, Partial<ToolLoopOptions>, string]>([
    [
      'sessionTokens (under a session budget)',
      { sessionTokens: Infinity, tokenBudget: { perSession: 1000 } },
      "Invalid option 'sessionTokens': expected an integer of at least 0, got Infinity.",
    ],
    [
      'sessionToolCalls',
      { sessionToolCalls: Infinity },
      "Invalid option 'sessionToolCalls': expected an integer of at least 0, got Infinity.",
    ],
  ])('%s, what the session has used so far, cannot be Infinity', (_case, options, message) => {
    const error = refusal(options);

    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(message);
  });

  it.each<[string, Partial<ToolLoopOptions>]>([
    [
      'unlimited rounds, calls and timeouts',
      { maxRounds: Infinity, maxToolCalls: Infinity, timeoutMs: Infinity },
    ],
    ['the longest timer', { timeoutMs: 2_147_483_647, toolTimeoutMs: 2_147_483_647 }],
    ['no tool call at all', { maxToolCalls: 0, sessionToolCalls: 0 }],
    ['prices of zero', { prices: { m: { inputPerMillion: 0, outputPerMillion: 0 } } }],
    ['the smallest token counts sent to a model', { maxTokens: 1, thinking: { budgetTokens: 1 } }],
    ['an empty system prompt', { system: '' }],

    ['telemetry on', { telemetry: true }],
    ['telemetry off', { telemetry: false }],
    ['telemetry settings without a tracer', { telemetry: { agentName: 'support' } }],
    [
      'a tool source',
      { tools: [{ listTools: () => Promise.resolve([]), callTool: () => Promise.reject(new Error('no')) }] },
    ],
  ])('takes %s', (_case, options) => {
    expect(refusal(options)).toBeUndefined();
  });
});

describe('defaults and what reaches the request', () => {
  it('maxIterations is 10 when the rounds are unlimited', async () => {
    const looping = createScriptedModel(searchCall);
    const result = await runToolLoop({ model: looping, tools: [search], prompt: 'Q', maxRounds: Infinity })
      .result;

    expect(result).toMatchObject({ stopReason: 'max_iterations', iterations: 10 });
  });

  it('a statusModel makes status lines generated, unless they are templates', async () => {
    const generated = createScriptedModel({ text: 'Searching' });
    const template = createScriptedModel({ text: 'Searching' });
    await runToolLoop({
      model: createScriptedModel([searchCall, { text: 'Done.' }]),
      statusModel: generated,
      tools: [search],
      prompt: 'Q',
    }).result;
    await runToolLoop({
      model: createScriptedModel([searchCall, { text: 'Done.' }]),
      statusModel: template,
      statusMessages: 'template',
      tools: [search],
      prompt: 'Q',
    }).result;

    expect(generated.requests).toHaveLength(1);
    expect(template.requests).toHaveLength(0);
  });

  it('sends maxTokens, and a tool choice only with tools to choose from', async () => {
    const withTools = createScriptedModel({ text: 'ok' });
    const withoutTools = createScriptedModel({ text: 'ok' });
    await runToolLoop({
      model: withTools,
      tools: [search],
      prompt: 'Q',
      maxTokens: 512,
      toolChoice: { type: 'required' },
    }).result;
    await runToolLoop({ model: withoutTools, prompt: 'Q', toolChoice: { type: 'required' } }).result;

    expect(withTools.requests[0]).toMatchObject({ maxTokens: 512, toolChoice: { type: 'required' } });
    expect(withoutTools.requests[0]).not.toHaveProperty('toolChoice');
    expect(withoutTools.requests[0]).not.toHaveProperty('maxTokens');
    expect(withoutTools.requests[0]).not.toHaveProperty('maxToolsPerResponse');
    expect(withoutTools.requests[0]).not.toHaveProperty('thinking');
    expect(withoutTools.requests[0]).not.toHaveProperty('system');
  });

  it('a system prompt of its own is sent as it is; an empty one with the progressive prompt is just the round line', async () => {
    const plain = createScriptedModel({ text: 'ok' });
    const empty = createScriptedModel({ text: 'ok' });
    await runToolLoop({ model: plain, prompt: 'Q', system: 'Be brief.' }).result;
    await runToolLoop({ model: empty, prompt: 'Q', system: '', progressivePrompt: true }).result;

    expect(plain.requests[0]?.system).toBe('Be brief.');
    expect(empty.requests[0]?.system).toBe('[Round 1] If a tool is relevant to the request, call it.');
  });

  it('the caller’s messages and the prompt are both sent, the prompt last', async () => {
    const scripted = createScriptedModel({ text: 'ok' });
    await runToolLoop({
      model: scripted,
      messages: [
        { role: 'user', content: 'Earlier.' },
        { role: 'assistant', content: [{ type: 'text', text: 'Yes.' }] },
      ],
      prompt: 'Now.',
    }).result;

    expect(scripted.requests[0]?.messages).toEqual([
      { role: 'user', content: 'Earlier.' },
      { role: 'assistant', content: [{ type: 'text', text: 'Yes.' }] },
      { role: 'user', content: 'Now.' },
    ]);
  });
});
