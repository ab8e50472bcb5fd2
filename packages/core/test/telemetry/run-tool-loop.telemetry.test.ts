import { SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { defineTool } from '../../src/tools/define-tool.js';
import { runToolLoop } from '../../src/loop/run-tool-loop.js';
import { createScriptedModel } from '../../src/testing/scripted-model.js';
import type { Model, ModelRequest, ModelStreamPart } from '../../src/model/model.js';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer: Tracer = provider.getTracer('test');

afterEach(() => {
  exporter.reset();
});

const lookup = defineTool({
  name: 'lookup',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  execute: ({ id }: { id?: string }) => {
    if (id === 'missing') throw new Error('No record missing.');
    return `record ${id ?? '?'}`;
  },
});

/** Two rounds: a call that fails, then one that works, then the answer. */
function twoRoundModel() {
  return createScriptedModel([
    {
      toolCalls: [{ id: 'call_1', name: 'lookup', input: { id: 'missing' } }],
      usage: { inputTokens: 10, outputTokens: 5 },
    },
    {
      toolCalls: [{ id: 'call_2', name: 'lookup', input: { id: 'A-1' } }],
      usage: { inputTokens: 20, outputTokens: 6 },
    },
    { text: 'Record A-1 it is.', usage: { inputTokens: 30, outputTokens: 7 } },
  ]);
}

const byName = (spans: ReadableSpan[], name: string) => spans.filter((span) => span.name === name);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('runToolLoop telemetry (OpenTelemetry, the semantic conventions for generative AI)', () => {
  it('records the turn, each model request and each tool call, the failing call as an error', async () => {
    const result = await runToolLoop({
      model: twoRoundModel(),
      tools: [lookup],
      prompt: 'Find A-1.',
      telemetry: { tracer },
    }).result;
    const spans = exporter.getFinishedSpans();

    expect(result.stopReason).toBe('completed');
    expect(spans.map((span) => span.name).sort()).toEqual([
      'chat scripted-model',
      'chat scripted-model',
      'chat scripted-model',
      'execute_tool lookup',
      'execute_tool lookup',
      'invoke_agent toolloop',
    ]);
    const [turn] = byName(spans, 'invoke_agent toolloop');
    expect(turn?.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'toolloop',
      'gen_ai.request.model': 'scripted-model',
      'toolloop.stop_reason': 'completed',
      'toolloop.rounds': 2,
      'toolloop.iterations': 3,
      'gen_ai.usage.input_tokens': 60,
      'gen_ai.usage.output_tokens': 18,
    });
    expect(turn?.status.code).toBe(SpanStatusCode.UNSET);
    const requests = byName(spans, 'chat scripted-model');
    expect(requests.map((span) => span.attributes['gen_ai.usage.input_tokens'])).toEqual([10, 20, 30]);
    expect(requests.map((span) => span.attributes['gen_ai.response.finish_reasons'])).toEqual([
      ['tool_calls'],
      ['tool_calls'],
      ['end'],
    ]);
    const [failed, succeeded] = byName(spans, 'execute_tool lookup');
    expect(failed?.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'lookup',
      'gen_ai.tool.call.id': 'call_1',
      'error.type': 'tool_error',
      'toolloop.tool.executed': true,
    });
    expect(failed?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'The tool call failed.' });
    expect(succeeded?.status.code).toBe(SpanStatusCode.UNSET);
    expect(succeeded?.attributes['error.type']).toBeUndefined();
    for (const span of [...requests, failed, succeeded])
      expect(parentOf(span!)).toBe(turn?.spanContext().spanId);
    // Content stays out unless asked for.
    expect(spans.flatMap((span) => Object.keys(span.attributes))).not.toContain('gen_ai.tool.call.arguments');
    expect(spans.flatMap((span) => Object.keys(span.attributes))).not.toContain('gen_ai.output.messages');
  });

  it('records arguments, results and the answer with captureContent', async () => {
    await runToolLoop({
      model: twoRoundModel(),
      tools: [lookup],
      prompt: 'Find A-1.',
      telemetry: { tracer, captureContent: true, agentName: 'records-assistant' },
    }).result;
    const spans = exporter.getFinishedSpans();

    const [turn] = byName(spans, 'invoke_agent records-assistant');
    expect(JSON.parse(String(turn?.attributes['gen_ai.output.messages']))).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: 'Record A-1 it is.' }] },
    ]);
    const calls = byName(spans, 'execute_tool lookup');
    expect(
      calls.map((span) => JSON.parse(String(span.attributes['gen_ai.tool.call.arguments'])) as unknown),
    ).toEqual([{ id: 'missing' }, { id: 'A-1' }]);
    expect(calls[0]?.status.message).toBe("Tool 'lookup' failed: No record missing.");
    expect(JSON.parse(String(calls[1]?.attributes['gen_ai.tool.call.result']))).toEqual({
      content: [{ type: 'text', text: 'record A-1' }],
    });
  });

  it('marks the turn and its request failed when the model fails, with the stop reason', async () => {
    const model = createScriptedModel([{ error: new Error('upstream broke') }]);
    const result = await runToolLoop({ model, prompt: 'Hi', telemetry: { tracer } }).result;
    const spans = exporter.getFinishedSpans();

    expect(result.stopReason).toBe('model_error');
    const [turn] = byName(spans, 'invoke_agent toolloop');
    expect(turn?.attributes).toMatchObject({
      'toolloop.stop_reason': 'model_error',
      'error.type': 'model_error',
    });
    expect(turn?.status.code).toBe(SpanStatusCode.ERROR);
    expect(byName(spans, 'chat scripted-model')[0]?.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('closes the model stream a timeout stops waiting on, and ends its span', async () => {
    let closed = 0;
    const model: Model = {
      provider: 'custom',
      modelId: 'slow',
      stream: () => ({
        [Symbol.asyncIterator]: () => ({
          next: () => new Promise<IteratorResult<ModelStreamPart>>(() => undefined),
          return: () => {
            closed += 1;
            return Promise.resolve({ done: true as const, value: undefined });
          },
        }),
      }),
    };
    const result = await runToolLoop({ model, prompt: 'Hi', timeoutMs: 20, telemetry: { tracer } }).result;

    expect(result.stopReason).toBe('timeout');
    expect(closed).toBe(1);
    expect(byName(exporter.getFinishedSpans(), 'chat slow')).toHaveLength(1);
  });

  it('leaves the model as it is: its own properties, and names that cannot be read', async () => {
    const seen: unknown[] = [];
    const model = {
      get provider(): string {
        throw new Error('no provider');
      },
      modelId: 'odd',
      contextWindow: 1000,
      stream(request: ModelRequest) {
        seen.push(Reflect.get(this, 'contextWindow'));
        return createScriptedModel([{ text: 'Fine.' }]).stream(request);
      },
    } as Model;
    const result = await runToolLoop({ model, prompt: 'Hi', telemetry: { tracer } }).result;

    expect(result.text).toBe('Fine.');
    expect(seen).toEqual([1000]);
    expect(byName(exporter.getFinishedSpans(), 'chat (unnamed)')[0]?.attributes['gen_ai.provider.name']).toBe(
      'unnamed',
    );
  });

  it('records nothing with telemetry: false, not even through a global tracer provider', async () => {
    trace.setGlobalTracerProvider(provider);
    try {
      await runToolLoop({
        model: twoRoundModel(),
        tools: [lookup],
        prompt: 'Find A-1.',
        telemetry: false,
      }).result;
    } finally {
      trace.disable();
    }

    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('without a tracer provider, records nothing for the turn, even if one is registered while it runs', async () => {
    // The turn's span is the API's no-op: its requests and calls would belong to no turn, so none is recorded.
    const registering = defineTool({
      name: 'lookup',
      inputSchema: { type: 'object' },
      execute: () => {
        trace.setGlobalTracerProvider(provider);
        return 'record';
      },
    });
    try {
      const result = await runToolLoop({
        model: twoRoundModel(),
        tools: [registering],
        prompt: 'Find A-1.',
      }).result;

      expect(result.stopReason).toBe('completed');
      expect(exporter.getFinishedSpans()).toEqual([]);
      // The next turn finds the provider, and is recorded as a whole.
      await runToolLoop({ model: twoRoundModel(), tools: [lookup], prompt: 'Find A-1.' }).result;
      expect(byName(exporter.getFinishedSpans(), 'invoke_agent toolloop')).toHaveLength(1);
      expect(byName(exporter.getFinishedSpans(), 'chat scripted-model')).toHaveLength(3);
    } finally {
      trace.disable();
    }
  });

  it('ends the run with the error of a tracer that throws when the turn starts', async () => {
    const throwing = {
      startSpan: () => {
        throw new Error('tracer down');
      },
    };
    const run = runToolLoop({ model: twoRoundModel(), prompt: 'Hi', telemetry: { tracer: throwing } });

    await expect(run.result).rejects.toThrow('tracer down');
  });

  it('refuses a tracer that is not one, naming the option', () => {
    expect(() =>
      runToolLoop({ model: twoRoundModel(), prompt: 'Hi', telemetry: { tracer: {} as Tracer } }),
    ).toThrow(/telemetry/);
  });
});
