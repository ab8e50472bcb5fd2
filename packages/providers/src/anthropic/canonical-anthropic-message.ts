import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';

/**
 * The fields a thread is created with and keeps, as one string: `system` and `tools` (without cache breakpoints,
 * which do not change what the model reads), the output settings the API fixes for a thread, and the model.
 */
export function threadFingerprint(params: MessageCreateParamsStreaming): string {
  const system = typeof params.system === 'string' ? [{ type: 'text', text: params.system }] : params.system;
  return JSON.stringify([
    params.model,
    withoutCacheControl(system ?? null),
    withoutCacheControl(params.tools ?? null),
    params.output_config ?? null,
  ]);
}

/**
 * A message as the model reads it, for comparing a remembered reply with the message a later request sends in
 * its place: string content as a text block, empty text left out (the request leaves it out), cache breakpoints
 * and citations dropped, and of a thinking, redacted thinking or tool call block only what goes back.
 */
export function canonicalMessage(message: { role: string; content: unknown }): unknown {
  const content =
    typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  const blocks = Array.isArray(content) ? content : [];
  return {
    role: message.role,
    content: blocks.flatMap((block: unknown) => {
      const fields = block as Record<string, unknown>;
      switch (fields['type']) {
        case 'text':
          return fields['text'] === '' ? [] : [{ type: 'text', text: fields['text'] }];
        case 'thinking':
          return [{ type: 'thinking', thinking: fields['thinking'], signature: fields['signature'] }];
        case 'redacted_thinking':
          return [{ type: 'redacted_thinking', data: fields['data'] }];
        case 'tool_use':
          return [{ type: 'tool_use', id: fields['id'], name: fields['name'], input: fields['input'] }];
        default:
          return [withoutCacheControl(block)];
      }
    }),
  };
}

function withoutCacheControl(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCacheControl);
  if (typeof value !== 'object' || value === null) return value;
  const { cache_control: _cacheControl, ...fields } = value as Record<string, unknown>;
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, withoutCacheControl(field)]));
}
