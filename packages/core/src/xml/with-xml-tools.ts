import { createLinkedAbortController } from '../internal/linked-abort-controller.js';
import type { ToolCallPart } from '../model/messages.js';
import type { FinishPart, FinishReason, Model, ModelRequest, ModelStreamPart } from '../model/model.js';
import { createEmptyUsage } from '../model/usage.js';
import { convertToXmlTranscript } from './convert-to-xml-transcript.js';
import { convertXmlParams } from './convert-xml-params.js';
import { describeXmlTools } from './describe-xml-tools.js';
import { createXmlToolParser, type XmlToolEvent } from './xml-tool-parser.js';

/** The raw finish reason of a response cut at the start of a second tool block. */
export const secondToolBlockFinishReason = 'second_tool_block';

/**
 * Gives tools to a model that only writes text: the tools are described in the system prompt, the
 * model writes `<tool:NAME><param:P>value</param:P></tool:NAME>`, and the blocks are read from the stream as it
 * arrives. When a second tool block starts, the request is aborted at once — no more tokens are paid for — and
 * the response ends normally with the text before the first tool and that tool. A caller's abort still discards
 * the response. A block left open or malformed becomes a tool call with an input error, which the model sees.
 *
 * @example
 * const model = withXmlTools(openaiCompatible({ baseURL, model: 'my-text-model' }));
 */
export function withXmlTools(model: Model): Model {
  let requests = 0;
  return {
    provider: model.provider,
    modelId: model.modelId,
    stream(request) {
      requests += 1;
      return streamWithXmlTools({ model, request, callId: `xml_call_${requests}` });
    },
  };
}

async function* streamWithXmlTools({
  model,
  request,
  callId,
}: {
  model: Model;
  request: ModelRequest;
  callId: string;
}): AsyncGenerator<ModelStreamPart> {
  const offersTools = request.tools.length > 0 && request.toolChoice?.type !== 'none';
  const upstream = createLinkedAbortController({ signals: [request.signal] });
  const parser = createXmlToolParser();
  const state: { text: string; started: boolean; call?: ToolCallPart; cut: boolean } = {
    text: '',
    started: false,
    cut: false,
  };
  let finish: FinishPart | undefined;
  let streamedText = false;

  /** Applies parser events; returns the text to show now. Sets `state.cut` at the start of a second tool. */
  const apply = (events: XmlToolEvent[]): string => {
    let shown = '';
    for (const event of events) {
      if (state.cut) break;
      switch (event.type) {
        case 'text':
          if (!state.started) shown += event.text;
          break;
        case 'tool-start':
          if (state.started) state.cut = true;
          state.started = true;
          break;
        case 'tool-end': {
          const tool = request.tools.find((definition) => definition.name === event.name);
          const converted = convertXmlParams({ params: event.params, tool });
          state.call = { type: 'tool-call', id: callId, name: event.name, input: converted.input };
          if ('error' in converted) state.call.inputError = converted.error;
          break;
        }
        case 'malformed':
          state.started = true;
          state.call ??= {
            type: 'tool-call',
            id: callId,
            name: event.name ?? 'unknown',
            input: {},
            inputError: `the tool block is malformed: ${event.reason}`,
          };
          break;
        default: {
          const unexpected: never = event;
          throw new Error(`Unknown parser event ${JSON.stringify(unexpected)}`);
        }
      }
    }
    state.text += shown;
    return shown;
  };

  try {
    for await (const part of model.stream({
      ...toTextRequest(request, offersTools),
      signal: upstream.signal,
    })) {
      if (part.type === 'text-delta' || (part.type === 'text' && !streamedText)) {
        streamedText = part.type === 'text-delta';
        const shown = offersTools ? apply(parser.push(part.text)) : part.text;
        if (!offersTools) state.text += shown;
        if (shown !== '') yield { type: 'text-delta', text: shown };
        if (state.cut) {
          // The second tool block has begun: stop paying for tokens now.
          upstream.abort(new Error('A second tool block started; only the first is kept.'));
          break;
        }
      } else if (part.type === 'text') {
        streamedText = false;
      } else if (part.type === 'finish') {
        finish = part;
      } else if (part.type !== 'tool-call') {
        yield part;
      }
    }
  } catch (error) {
    if (!state.cut || request.signal.aborted) throw error;
  } finally {
    upstream.dispose();
  }
  request.signal.throwIfAborted();
  if (offersTools && !state.cut) {
    const shown = apply(parser.end());
    if (shown !== '') yield { type: 'text-delta', text: shown };
  }
  if (!state.cut && finish === undefined) return; // cut off: the loop reports the missing finish part
  if (state.text !== '') yield { type: 'text', text: state.text };
  if (state.call !== undefined) yield state.call;
  yield {
    type: 'finish',
    finishReason: toFinishReason({ cut: state.cut, hasCall: state.call !== undefined, finish }),
    usage: finish?.usage ?? createEmptyUsage(),
    rawFinishReason: state.cut ? secondToolBlockFinishReason : (finish?.rawFinishReason ?? 'end'),
  };
}

/**
 * The response's finish reason: `tool_calls` when it holds a tool (cut at a second one, or ended after one) —
 * unless the model's output ran out (`max_tokens`, a full context window) or it refused, which the loop must
 * see as on the native path: a call left unfinished by a token limit never runs.
 */
function toFinishReason({
  cut,
  hasCall,
  finish,
}: {
  cut: boolean;
  hasCall: boolean;
  finish: FinishPart | undefined;
}): FinishReason {
  const upstream = finish?.finishReason ?? 'end';
  if (cut) return 'tool_calls';
  if (upstream === 'max_tokens' || upstream === 'context_window_exceeded' || upstream === 'refusal')
    return upstream;
  return hasCall ? 'tool_calls' : upstream;
}

function toTextRequest(request: ModelRequest, offersTools: boolean): Omit<ModelRequest, 'signal'> {
  const {
    signal: _signal,
    tools: _tools,
    toolChoice: _toolChoice,
    maxToolsPerResponse: _limit,
    ...rest
  } = request;
  const instructions = describeXmlTools(request.tools);
  const system = !offersTools
    ? request.system
    : request.system === undefined
      ? instructions
      : `${request.system}\n\n${instructions}`;
  const textRequest: Omit<ModelRequest, 'signal'> = {
    ...rest,
    messages: convertToXmlTranscript(request.messages),
    tools: [],
  };
  if (system === undefined) delete textRequest.system;
  else textRequest.system = system;
  return textRequest;
}
