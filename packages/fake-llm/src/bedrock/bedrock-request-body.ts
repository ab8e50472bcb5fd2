import { isRecord } from '../internal/is-record.js';
import type { BedrockOperation } from './bedrock-path.js';

/** One message of a Converse request as sent: its role and content blocks (each a union of one member). */
export interface BedrockRequestMessage {
  role: string;
  content: Record<string, unknown>[];
}

/** The fields of a Converse request the fake reads; the model comes from the path. */
export interface BedrockRequestBody {
  modelId: string;
  stream: boolean;
  messages: BedrockRequestMessage[];
  /** The names of the tools of `toolConfig.tools[].toolSpec`. */
  toolNames: string[];
  /** Whether the request has a `toolConfig`. */
  hasToolConfig: boolean;
  /** `additionalModelRequestFields.thinking.type`, when it is `enabled` or `adaptive`. */
  thinking: 'enabled' | 'adaptive' | undefined;
}

/** Reads the fields the fake answers from. Fails only for a body that is not a JSON object. */
export function parseBedrockRequestBody(options: {
  json: unknown;
  modelId: string;
  operation: BedrockOperation;
}): { success: true; value: BedrockRequestBody } | { success: false; error: string } {
  const { json } = options;
  if (!isRecord(json)) return { success: false, error: 'the body is not a JSON object' };
  const messages = (Array.isArray(json.messages) ? json.messages : []).filter(isRecord).map((message) => ({
    role: typeof message.role === 'string' ? message.role : '',
    content: (Array.isArray(message.content) ? message.content : []).filter(isRecord),
  }));
  const toolConfig = isRecord(json.toolConfig) ? json.toolConfig : undefined;
  const tools = Array.isArray(toolConfig?.tools) ? toolConfig.tools.filter(isRecord) : [];
  const additional = isRecord(json.additionalModelRequestFields) ? json.additionalModelRequestFields : {};
  const thinkingType = isRecord(additional.thinking) ? additional.thinking.type : undefined;
  return {
    success: true,
    value: {
      modelId: options.modelId,
      stream: options.operation === 'converse-stream',
      messages,
      toolNames: tools.flatMap((tool) =>
        isRecord(tool.toolSpec) && typeof tool.toolSpec.name === 'string' ? [tool.toolSpec.name] : [],
      ),
      hasToolConfig: toolConfig !== undefined,
      thinking: thinkingType === 'enabled' || thinkingType === 'adaptive' ? thinkingType : undefined,
    },
  };
}
