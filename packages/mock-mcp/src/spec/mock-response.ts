import type { MockContentBlock } from './content-block-schema.js';
import type { ElicitSpec } from './elicit-spec-schema.js';
import type { InputRequiredSpec } from './input-required-spec-schema.js';
import type { FollowUpResponse } from './follow-up-response-schema.js';
import type { JsonRecord } from './json-object-schema.js';
import type { MockResponse } from './mock-response-schema.js';
import type { SampleSpec } from './sample-spec-schema.js';

/** The JSON-RPC error code a `throw: "message"` response uses (InternalError). */
export const defaultThrowCode = -32603;

/** What a scripted response does once it is chosen, as a union on `type`. */
export type MockResponseAction =
  | { type: 'result'; content: MockContentBlock[]; structuredContent?: JsonRecord }
  | { type: 'error'; text: string }
  | { type: 'throw'; code: number; message: string; data?: unknown }
  | { type: 'crash' }
  | { type: 'hang' }
  | { type: 'sample'; sample: SampleSpec }
  | { type: 'elicit'; elicit: ElicitSpec }
  | { type: 'inputRequired'; inputRequired: InputRequiredSpec };

/**
 * The action of a validated response (or of an elicitation's follow-up). `structuredContent` without `text`
 * or `content` also sends its JSON as text, as MCP recommends for clients that do not read structured results.
 */
export function toResponseAction(response: MockResponse | FollowUpResponse): MockResponseAction {
  if (response.error !== undefined) return { type: 'error', text: response.error };
  if (response.throw !== undefined) {
    return typeof response.throw === 'string'
      ? { type: 'throw', code: defaultThrowCode, message: response.throw }
      : { type: 'throw', ...response.throw };
  }
  if (response.crash !== undefined) return { type: 'crash' };
  if (response.hang !== undefined) return { type: 'hang' };
  if ('sample' in response && response.sample !== undefined)
    return { type: 'sample', sample: response.sample };
  if ('elicit' in response && response.elicit !== undefined)
    return { type: 'elicit', elicit: response.elicit };
  if ('inputRequired' in response && response.inputRequired !== undefined)
    return { type: 'inputRequired', inputRequired: response.inputRequired };
  const content = response.content ?? [
    { type: 'text' as const, text: response.text ?? JSON.stringify(response.structuredContent ?? {}) },
  ];
  return response.structuredContent === undefined
    ? { type: 'result', content }
    : { type: 'result', content, structuredContent: response.structuredContent };
}
