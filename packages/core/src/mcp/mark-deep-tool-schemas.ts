import {
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId,
  type Transport,
} from '@modelcontextprotocol/client';
import { isObject } from '../internal/is-object.js';
import { interceptTransport } from './intercept-transport.js';
import { isSchemaTooDeep, tooDeepSchemaMarker } from './is-schema-too-deep.js';

/**
 * The same transport, except that in the answers to `tools/list` a tool's input or output schema nested deeper
 * than the limit is replaced by a small schema that says so (`isSchemaTooDeep` knows it): the SDK reads a listing
 * with recursive parsers, which a schema of a thousand levels overflows, failing the whole listing. The tool
 * itself is then left out of what the model is offered, with a warning, as any tool with such a schema.
 */
export function markDeepToolSchemas(transport: Transport): Transport {
  const listings = new Set<RequestId>();
  return interceptTransport({
    transport,
    onSend: (message) => {
      if (isJSONRPCRequest(message) && message.method === 'tools/list') listings.add(message.id);
    },
    onReceive: (message): JSONRPCMessage => {
      if (!isJSONRPCResultResponse(message) || !listings.delete(message.id)) return message;
      const tools: unknown = message.result.tools;
      if (!Array.isArray(tools) || !tools.some(hasDeepSchema)) return message;
      const listed = tools as unknown[];
      return {
        ...message,
        result: {
          ...message.result,
          tools: listed.map((tool) => (isObject(tool) && hasDeepSchema(tool) ? marked(tool) : tool)),
        },
      };
    },
  });
}

const schemaFields = ['inputSchema', 'outputSchema'] as const;

function hasDeepSchema(tool: unknown): boolean {
  return isObject(tool) && schemaFields.some((field) => isSchemaTooDeep(tool[field]));
}

function marked(tool: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...tool };
  for (const field of schemaFields) {
    if (isSchemaTooDeep(copy[field])) copy[field] = { type: 'object', [tooDeepSchemaMarker]: true };
  }
  return copy;
}
