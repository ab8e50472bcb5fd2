import { formatSseEvent } from '../stream/sse-event.js';
import { splitTextIntoDeltas } from '../stream/split-into-deltas.js';
import { createOutputItem, createOutputText, createResponseObject } from './create-response-object.js';
import type { ResponsesAnswer } from './responses-answer.js';
import type { ResponsesRequestBody } from './responses-request-body.js';

const argumentFragmentLength = 12;
const obfuscationAlphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * The SSE events of a Responses API stream, framed `event: <type>\ndata: <json>\n\n`, in the order of the real
 * recordings: `response.created`, `response.in_progress`; per output item `response.output_item.added`, its
 * content (a reasoning summary part and its text deltas; a message's `output_text` part and its deltas; a
 * function call's argument deltas), each with its `.done`, and `response.output_item.done`; then
 * `response.completed` (`response.incomplete` for a step cut at `max_tokens`). Every event has its
 * `sequence_number`, from 0; deltas carry an `obfuscation` padding, as the API's do.
 */
export function createResponsesEvents(options: {
  answer: ResponsesAnswer;
  request: ResponsesRequestBody;
}): string[] {
  const { answer, request } = options;
  const events: string[] = [];
  const send = (type: string, fields: Record<string, unknown>) => {
    const data = JSON.stringify({ type, sequence_number: events.length, ...fields });
    events.push(formatSseEvent({ event: type, data }));
  };
  const response = (status: 'in_progress' | ResponsesAnswer['status']) =>
    createResponseObject({ answer, request, status });
  send('response.created', { response: response('in_progress') });
  send('response.in_progress', { response: response('in_progress') });
  const { includesEncryptedReasoning } = request;
  answer.output.forEach((item, outputIndex) => {
    const at = { item_id: item.id, output_index: outputIndex };
    const itemEvent = (stage: 'added' | 'done') => ({
      output_index: outputIndex,
      item: createOutputItem({ item, stage, includesEncryptedReasoning }),
    });
    send('response.output_item.added', itemEvent('added'));
    switch (item.type) {
      case 'reasoning': {
        const part = { ...at, summary_index: 0 };
        send('response.reasoning_summary_part.added', { ...part, part: { type: 'summary_text', text: '' } });
        for (const delta of splitTextIntoDeltas(item.summary)) {
          send('response.reasoning_summary_text.delta', { ...part, delta, obfuscation: obfuscate(delta) });
        }
        send('response.reasoning_summary_text.done', { ...part, text: item.summary });
        send('response.reasoning_summary_part.done', {
          ...part,
          part: { type: 'summary_text', text: item.summary },
        });
        break;
      }
      case 'message': {
        const part = { ...at, content_index: 0 };
        send('response.content_part.added', { ...part, part: createOutputText('') });
        for (const delta of splitTextIntoDeltas(item.text)) {
          send('response.output_text.delta', { ...part, delta, logprobs: [], obfuscation: obfuscate(delta) });
        }
        send('response.output_text.done', { ...part, text: item.text, logprobs: [] });
        send('response.content_part.done', { ...part, part: createOutputText(item.text) });
        break;
      }
      case 'function_call': {
        const codePoints = Array.from(item.arguments);
        for (let start = 0; start < codePoints.length; start += argumentFragmentLength) {
          const delta = codePoints.slice(start, start + argumentFragmentLength).join('');
          send('response.function_call_arguments.delta', { ...at, delta, obfuscation: obfuscate(delta) });
        }
        send('response.function_call_arguments.done', { ...at, arguments: item.arguments });
        break;
      }
      default: {
        const unexpected: never = item;
        throw new Error(`Unexpected output item ${JSON.stringify(unexpected)}`);
      }
    }
    send('response.output_item.done', itemEvent('done'));
  });
  const status = answer.status;
  send(status === 'completed' ? 'response.completed' : 'response.incomplete', { response: response(status) });
  return events;
}

/**
 * The padding the API adds to each delta so that its length tells nothing (the recordings pad a delta and its
 * padding to 16 characters); deterministic here.
 */
function obfuscate(delta: string): string {
  const length = Math.max(1, 16 - delta.length);
  return Array.from({ length }, (_unused, index) =>
    obfuscationAlphabet.charAt((delta.length * 7 + index * 13) % obfuscationAlphabet.length),
  ).join('');
}
