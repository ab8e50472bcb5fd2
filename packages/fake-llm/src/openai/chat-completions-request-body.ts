/** A tool call of an assistant message in a request. */
export interface RequestToolCall {
  id: string;
  name: string;
}

/** One message of a chat completions request; only the fields the fake checks are typed. */
export interface ChatRequestMessage {
  role: string;
  /** The text of the content (parts joined), or `undefined` when it has none. */
  content: string | undefined;
  /** Assistant messages: the tool calls made. */
  toolCalls: RequestToolCall[];
  /** Tool messages: the call answered. */
  toolCallId: string | undefined;
  /** Assistant messages: the `reasoning_content` and `reasoning` fields as sent. */
  reasoning: { reasoning_content?: unknown; reasoning?: unknown };
}

/** The parts of a chat completions request body the fake reads. */
export interface ChatCompletionsRequestBody {
  model: string;
  messages: ChatRequestMessage[];
  /** Names of the function tools offered; empty when the request offers none. */
  toolNames: string[];
  stream: boolean;
  /** Whether `stream_options.include_usage` is true. */
  includeUsage: boolean;
  /** `response_format` as sent. */
  responseFormat: unknown;
}

/** Reads a chat completions request body, or says why it is not one. */
export function parseChatCompletionsRequestBody(
  value: unknown,
): { success: true; value: ChatCompletionsRequestBody } | { success: false; error: string } {
  if (!isRecord(value)) return { success: false, error: 'the body is not a JSON object' };
  if (!Array.isArray(value.messages)) return { success: false, error: 'the body has no "messages" list' };
  const messages: ChatRequestMessage[] = [];
  for (const [index, message] of (value.messages as unknown[]).entries()) {
    if (!isRecord(message) || typeof message.role !== 'string') {
      return { success: false, error: `messages[${index}] has no "role"` };
    }
    messages.push({
      role: message.role,
      content: readContent(message.content),
      toolCalls: Array.isArray(message.tool_calls) ? message.tool_calls.map(readToolCall) : [],
      toolCallId: typeof message.tool_call_id === 'string' ? message.tool_call_id : undefined,
      reasoning: {
        ...('reasoning_content' in message ? { reasoning_content: message.reasoning_content } : {}),
        ...('reasoning' in message ? { reasoning: message.reasoning } : {}),
      },
    });
  }
  const tools: unknown[] = Array.isArray(value.tools) ? value.tools : [];
  const streamOptions = isRecord(value.stream_options) ? value.stream_options : {};
  return {
    success: true,
    value: {
      model: typeof value.model === 'string' ? value.model : 'gpt-fake',
      messages,
      toolNames: tools.map(readToolName),
      stream: value.stream === true,
      includeUsage: streamOptions.include_usage === true,
      responseFormat: value.response_format,
    },
  };
}

function readContent(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  return content
    .map((part: unknown) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

function readToolCall(call: unknown): RequestToolCall {
  if (!isRecord(call)) return { id: '', name: '' };
  const fn = isRecord(call.function) ? call.function : {};
  return {
    id: typeof call.id === 'string' ? call.id : '',
    name: typeof fn.name === 'string' ? fn.name : '',
  };
}

function readToolName(tool: unknown): string {
  if (!isRecord(tool)) return '';
  if (isRecord(tool.function) && typeof tool.function.name === 'string') return tool.function.name;
  return typeof tool.name === 'string' ? tool.name : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
