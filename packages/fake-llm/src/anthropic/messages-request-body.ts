/** One content block of a request message; only the fields the fake checks are typed. */
export interface RequestContentBlock {
  type: string;
  [field: string]: unknown;
}

/** One message of a request, with its content as blocks (a string content is one text block). */
export interface RequestMessage {
  role: string;
  content: RequestContentBlock[];
}

/** The parts of a Messages API request body the fake reads. */
export interface MessagesRequestBody {
  model: string;
  /** The messages as sent, unchanged. */
  rawMessages: unknown[];
  messages: RequestMessage[];
  stream: boolean;
  /** The whole body, for the fields a message thread keeps (`system`, `tools`, `thread`, `output_config`). */
  fields: Record<string, unknown>;
}

/** Reads a Messages API request body, or says why it is not one. */
export function parseMessagesRequestBody(
  value: unknown,
): { success: true; value: MessagesRequestBody } | { success: false; error: string } {
  if (!isRecord(value)) return { success: false, error: 'the body is not a JSON object' };
  if (!Array.isArray(value.messages)) return { success: false, error: 'the body has no "messages" list' };
  const rawMessages = value.messages as unknown[];
  const messages = toRequestMessages(rawMessages);
  if (!messages.success) return messages;
  return {
    success: true,
    value: {
      model: typeof value.model === 'string' ? value.model : 'claude-fake',
      rawMessages,
      messages: messages.value,
      stream: value.stream === true,
      fields: value,
    },
  };
}

/** Messages as the fake checks them (a string content becomes one text block), or what is wrong with one. */
export function toRequestMessages(
  rawMessages: unknown[],
): { success: true; value: RequestMessage[] } | { success: false; error: string } {
  const messages: RequestMessage[] = [];
  for (const [index, message] of rawMessages.entries()) {
    if (!isRecord(message) || typeof message.role !== 'string') {
      return { success: false, error: `messages[${index}] has no "role"` };
    }
    const content = message.content;
    if (typeof content === 'string') {
      messages.push({ role: message.role, content: [{ type: 'text', text: content }] });
    } else if (Array.isArray(content) && content.every(isBlock)) {
      messages.push({ role: message.role, content });
    } else {
      return { success: false, error: `messages[${index}].content is neither a string nor a list of blocks` };
    }
  }
  return { success: true, value: messages };
}

/** The names of the tools a `tools` value defines; empty when it is no list. */
export function readToolNames(tools: unknown): string[] {
  if (!Array.isArray(tools)) return [];
  return tools.map((tool: unknown) => (isRecord(tool) && typeof tool.name === 'string' ? tool.name : ''));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlock(value: unknown): value is RequestContentBlock {
  return isRecord(value) && typeof value.type === 'string';
}
