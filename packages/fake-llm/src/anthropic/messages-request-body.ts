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
  messages: RequestMessage[];
  /** Names of the tools offered; empty when the request offers none. */
  toolNames: string[];
  stream: boolean;
}

/** Reads a Messages API request body, or says why it is not one. */
export function parseMessagesRequestBody(
  value: unknown,
): { success: true; value: MessagesRequestBody } | { success: false; error: string } {
  if (!isRecord(value)) return { success: false, error: 'the body is not a JSON object' };
  if (!Array.isArray(value.messages)) return { success: false, error: 'the body has no "messages" list' };
  const messages: RequestMessage[] = [];
  for (const [index, message] of (value.messages as unknown[]).entries()) {
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
  const tools: unknown[] = Array.isArray(value.tools) ? value.tools : [];
  return {
    success: true,
    value: {
      model: typeof value.model === 'string' ? value.model : 'claude-fake',
      messages,
      toolNames: tools.map((tool) => (isRecord(tool) && typeof tool.name === 'string' ? tool.name : '')),
      stream: value.stream === true,
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlock(value: unknown): value is RequestContentBlock {
  return isRecord(value) && typeof value.type === 'string';
}
