import type { RecordedRequest } from '@toolloop/fake-llm';
import type { RecordedModelExchange } from '../../record/recording.js';

/** A live request in the shape the fake LLM keeps its requests, for the same report and expectations. */
export function toRecordedRequest({
  exchange,
  index,
  routeId,
}: {
  exchange: RecordedModelExchange;
  index: number;
  routeId: string;
}): RecordedRequest {
  const body = exchange.request.body;
  return {
    scriptId: routeId,
    index,
    method: exchange.request.method,
    path: exchange.request.path,
    headers: {},
    body,
    bodyBytes: Buffer.byteLength(JSON.stringify(body)),
    // Gemini, Bedrock and Ollama say it in the path or by default: the answer says it for every wire.
    stream:
      exchange.response.type === 'stream' ||
      (typeof body === 'object' && body !== null && !Array.isArray(body) && body.stream === true),
    summarized: false,
  };
}
