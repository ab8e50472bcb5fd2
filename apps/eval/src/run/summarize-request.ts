import type { RecordedRequest, StreamRecord } from '@toolloop/fake-llm';
import type { RequestSummary } from '../report/run-report.js';
import { readWireRequest } from './request-wires/read-wire-request.js';

/**
 * What a request carried, in the provider-neutral words scenario expectations use, read from whichever wire it
 * went to (`readWireRequest`), and how its response stream went, when it was streamed.
 */
export function summarizeRequest(
  request: RecordedRequest,
  index: number,
  stream?: StreamRecord,
): RequestSummary {
  const { toolDefinitions, toolResults, ...read } = readWireRequest(request);
  const summary: RequestSummary = { index, tools: toolDefinitions.map((tool) => tool.name), ...read };
  if (toolDefinitions.length > 0) summary.toolDefinitions = toolDefinitions;
  if (toolResults !== undefined && toolResults.length > 0) summary.toolResults = toolResults;
  if (stream !== undefined) {
    summary.stream = {
      status: stream.status,
      clientAborted: stream.clientAborted,
      bytesSent: stream.bytesSent,
      bytesPlanned: stream.bytesPlanned,
    };
    if (stream.xmlToolBlocks !== undefined) {
      summary.stream.bytesSentAfterSecondToolBlock = stream.xmlToolBlocks.bytesSentAfterSecondBlock;
      summary.stream.bytesPlannedAfterSecondToolBlock = stream.xmlToolBlocks.bytesPlannedAfterSecondBlock;
    }
  }
  return summary;
}
