import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runToolLoop } from '../loop/run-tool-loop.js';
import type { Model, ModelRequest, ModelStreamPart } from '../model/model.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { defineTool } from '../tools/define-tool.js';
import { secondToolBlockFinishReason, withXmlTools } from './with-xml-tools.js';

const weather = defineTool({
  name: 'get_weather',
  description: 'Current weather',
  inputSchema: z.object({
    city: z.string(),
    days: z.number(),
    metric: z.boolean(),
    options: z.object({ hourly: z.boolean() }),
  }),
  execute: ({ city, days }) => `Sunny in ${city} for ${days} days`,
});

const request = (overrides: Partial<ModelRequest> = {}): ModelRequest => ({
  messages: [{ role: 'user', content: 'Weather?' }],
  tools: [{ name: 'get_weather', description: 'Current weather', inputSchema: weather.inputSchema }],
  signal: new AbortController().signal,
  ...overrides,
});

async function drain(stream: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

/** A text-only model that streams `text` in `size`-character chunks, counting chunks sent after `marker`. */
function createStreamingTextModel(text: string, size: number, marker: string) {
  const record = { chunksAfterMarker: 0, aborted: false, requests: [] as ModelRequest[] };
  const model: Model = {
    provider: 'text',
    modelId: 'text-1',
    async *stream(incoming) {
      record.requests.push(incoming);
      const markerAt = text.indexOf(marker);
      for (let start = 0; start < text.length; start += size) {
        if (incoming.signal.aborted) {
          record.aborted = true;
          return;
        }
        if (markerAt !== -1 && start >= markerAt) record.chunksAfterMarker += 1;
        await Promise.resolve();
        yield { type: 'text-delta', text: text.slice(start, start + size) };
      }
      yield { type: 'text', text };
      yield { type: 'finish', finishReason: 'end', usage: { inputTokens: 7, outputTokens: 9 } };
    },
  };
  return { model, record };
}

describe('withXmlTools', () => {
  it('describes the tools in the system prompt and offers the text model none', async () => {
    const text = createScriptedModel({ text: 'Hello.' });
    await drain(withXmlTools(text).stream(request({ system: 'Be brief.' })));

    expect(text.requests[0]?.tools).toEqual([]);
    expect(text.requests[0]?.system).toMatch(
      /^Be brief\.\n\n# Tools\nYou can use these tools:\n- get_weather: Current weather\n {2}- city \(string, required\)/,
    );
    expect(text.requests[0]?.system).toContain(
      '<tool:TOOL_NAME>\n<param:PARAMETER_NAME>value</param:PARAMETER_NAME>\n</tool:TOOL_NAME>',
    );
  });

  it('describes no tools when the tool choice is none (the answer request after a cap)', async () => {
    const text = createScriptedModel({ text: 'The answer.' });
    await drain(withXmlTools(text).stream(request({ system: 'Be brief.', toolChoice: { type: 'none' } })));

    expect(text.requests[0]?.system).toBe('Be brief.');
    expect(text.requests[0]?.tools).toEqual([]);
  });

  it('reads a tool block from the text, converting parameters by the JSON Schema', async () => {
    const text = createScriptedModel({
      text: 'Checking. <tool:get_weather>\n<param:city>Paris</param:city>\n<param:days>3</param:days>\n<param:metric>true</param:metric>\n<param:options>{"hourly": false}</param:options>\n</tool:get_weather>',
      chunkSize: 7,
    });
    const parts = await drain(withXmlTools(text).stream(request()));

    expect(parts.filter((part) => part.type !== 'text-delta')).toEqual([
      { type: 'text', text: 'Checking. ' },
      {
        type: 'tool-call',
        id: 'xml_call_1',
        name: 'get_weather',
        input: { city: 'Paris', days: 3, metric: true, options: { hourly: false } },
      },
      {
        type: 'finish',
        finishReason: 'tool_calls',
        usage: { inputTokens: 10, outputTokens: 5 },
        rawFinishReason: 'end',
      },
    ]);
    expect(
      parts
        .filter((part) => part.type === 'text-delta')
        .map((part) => part.text)
        .join(''),
    ).toBe('Checking. ');
  });

  it.each([
    [
      'the first tool',
      '<tool:get_weather><param:city>Paris</param:city></tool:get_weather>\n',
      { input: { city: 'Paris' } },
    ],
    [
      'a malformed first block, as an input error',
      '<tool:get_weather>city: Paris</tool:get_weather>\nNow the next one:\n',
      {
        input: {},
        inputError:
          "the tool block is malformed: unexpected text 'city: Paris</tool:get_weather>\nNow the n' inside tool 'get_weather'",
      },
    ],
  ])(
    'aborts the request as soon as a second tool block starts, and keeps %s',
    async (_label, first, call) => {
      const second = '<tool:get_weather><param:city>Rome';
      const { model, record } = createStreamingTextModel(
        `${first}${second}</param:city></tool:get_weather> and a long tail that nobody should pay for`,
        4,
        second,
      );
      const parts = await drain(withXmlTools(model).stream(request()));

      expect(parts.at(-2)).toEqual({ type: 'tool-call', id: 'xml_call_1', name: 'get_weather', ...call });
      expect(parts.at(-1)).toMatchObject({
        type: 'finish',
        finishReason: 'tool_calls',
        rawFinishReason: secondToolBlockFinishReason,
      });
      // '<tool:get_weather>' is 18 characters: in 4-character chunks, the tag is complete within 5 chunks.
      expect(record.chunksAfterMarker).toBeLessThanOrEqual(5);
      expect(record.requests[0]?.signal.aborted).toBe(true);
    },
  );

  it('a caller abort discards the response instead', async () => {
    const controller = new AbortController();
    const { model } = createStreamingTextModel(
      'Thinking out loud for a while <tool:get_weather><param:city>Paris',
      3,
      '<tool',
    );
    const stream = withXmlTools(model).stream(request({ signal: controller.signal }));
    const pending = (async () => {
      for await (const part of stream)
        if (part.type === 'text-delta') controller.abort(new Error('user stop'));
    })();

    await expect(pending).rejects.toThrow('user stop');
  });

  it('a block left open becomes a tool call with an input error', async () => {
    const text = createScriptedModel({ text: '<tool:get_weather><param:city>Paris</param:city>' });
    const parts = await drain(withXmlTools(text).stream(request()));

    expect(parts).toContainEqual({
      type: 'tool-call',
      id: 'xml_call_1',
      name: 'get_weather',
      input: {},
      inputError: "the tool block is malformed: tool 'get_weather' was not closed with </tool:get_weather>",
    });
  });

  it('a value that is not of its declared type is an input error', async () => {
    const text = createScriptedModel({
      text: '<tool:get_weather><param:days>soon</param:days></tool:get_weather>',
    });
    const parts = await drain(withXmlTools(text).stream(request()));

    expect(parts).toContainEqual(
      expect.objectContaining({
        type: 'tool-call',
        inputError: 'parameter \'days\' should be number, got "soon"',
      }),
    );
  });

  it('runs the loop: tool calls go back as XML and results as <tool_result> text', async () => {
    const echo = defineTool({
      name: 'echo',
      inputSchema: z.object({ text: z.string() }),
      execute: ({ text }) => `echo: ${text}`,
    });
    const text = createScriptedModel([
      { text: 'Sure. <tool:echo><param:text>hi</param:text></tool:echo>' },
      { text: 'It said hi.' },
    ]);
    const { result } = await collectRun(
      runToolLoop({ model: withXmlTools(text), tools: [echo], prompt: 'Echo hi' }),
    );

    expect(result).toMatchObject({ stopReason: 'completed', text: 'It said hi.', rounds: 1 });
    expect(text.requests[1]?.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Sure. ' },
          { type: 'text', text: '<tool:echo>\n<param:text>hi</param:text>\n</tool:echo>' },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'text', text: '<tool_result:echo>\necho: hi\n</tool_result:echo>' }],
      },
    ]);
  });

  it('malformed XML reaches the model as an error result, and the turn goes on', async () => {
    const echo = defineTool({
      name: 'echo',
      inputSchema: z.object({ text: z.string() }),
      execute: ({ text }) => text,
    });
    const text = createScriptedModel([
      { text: '<tool:echo>text=hi</tool:echo>' },
      { text: 'Let me answer plainly: hi.' },
    ]);
    const { result, events } = await collectRun(
      runToolLoop({ model: withXmlTools(text), tools: [echo], prompt: 'Echo hi' }),
    );

    expect(result.stopReason).toBe('completed');
    expect(result.toolCalls[0]).toMatchObject({ name: 'echo', isError: true, executed: false });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'error', code: 'invalid_tool_input', toolName: 'echo' }),
    );
    expect(text.requests[1]?.messages.at(-1)).toMatchObject({
      role: 'user',
      content: [
        {
          text: expect.stringMatching(
            /^<tool_error:echo>\nInvalid arguments for tool 'echo': the tool block is malformed/,
          ) as string,
        },
      ],
    });
  });
});

describe('withXmlTools in the loop, when the output is cut off', () => {
  it('a response cut by max_tokens inside a tool block ends max_tokens, as on the native path, and never runs it', async () => {
    let ran = false;
    const lookup = defineTool({
      name: 'lookup',
      inputSchema: z.object({ key: z.string() }),
      execute: () => {
        ran = true;
        return 'value';
      },
    });
    const model = withXmlTools(
      createScriptedModel({
        text: 'Let me look.\n<tool:lookup>\n<param:key>alph',
        finishReason: 'max_tokens',
      }),
    );
    const { events, result } = await collectRun(runToolLoop({ model, tools: [lookup], prompt: 'Q' }));

    expect(result.stopReason).toBe('max_tokens');
    expect(ran).toBe(false);
    expect(result.toolCalls).toMatchObject([{ name: 'lookup', executed: false }]);
    expect(events.filter((event) => event.type === 'error').map((event) => event.code)).toEqual([
      'max_tokens',
    ]);
  });

  it('a response cut by max_tokens after a complete tool block still ends max_tokens', async () => {
    const model = withXmlTools(
      createScriptedModel({
        text: '<tool:lookup>\n<param:key>alpha</param:key>\n</tool:lookup>\nAnd then',
        finishReason: 'max_tokens',
      }),
    );
    const lookup = defineTool({
      name: 'lookup',
      inputSchema: z.object({ key: z.string() }),
      execute: () => 'v',
    });
    const result = await runToolLoop({ model, tools: [lookup], prompt: 'Q' }).result;

    expect(result.stopReason).toBe('max_tokens');
  });
});

describe('withXmlTools with arguments nested too deep', () => {
  it('is an input error on that call, and the next request still goes out', async () => {
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const matrix = defineTool({
      name: 'matrix',
      inputSchema: { type: 'object', properties: { rows: { type: 'array' } } },
      execute: () => 'ran',
    });
    const model = withXmlTools(
      createScriptedModel([
        { text: `<tool:matrix>\n<param:rows>${deep}</param:rows>\n</tool:matrix>` },
        { text: 'I could not pass that.' },
      ]),
    );
    const result = await runToolLoop({ model, tools: [matrix], prompt: 'Q' }).result;

    expect(result.stopReason).toBe('completed');
    expect(result.toolCalls[0]).toMatchObject({ executed: false, isError: true });
  });
});
