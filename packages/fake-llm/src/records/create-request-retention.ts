import type { RecordedRequest } from './recorded-request.js';

/** Keeps the bodies and headers of recorded requests within a number of bytes, dropping the oldest first. */
export interface RequestRetention {
  /** Counts a newly recorded request, and summarizes the oldest ones kept in full while the total is over the bound. */
  add(request: RecordedRequest): void;
  /** Stops counting a request (its script was removed); it is left as it is. */
  remove(request: RecordedRequest): void;
  /** The bytes of bodies and headers kept now. */
  readonly retainedBytes: number;
}

/** Creates the retention of one fake LLM; every route of the fake shares it. */
export function createRequestRetention(options: { maxBytes: number }): RequestRetention {
  // Oldest first (a Map keeps insertion order); a removed script's requests are found by lookup, not by a scan.
  const kept = new Map<RecordedRequest, number>();
  let retainedBytes = 0;
  return {
    add(request) {
      const bytes = measureRequest(request);
      kept.set(request, bytes);
      retainedBytes += bytes;
      for (const [oldest, oldestBytes] of kept) {
        if (retainedBytes <= options.maxBytes) break;
        kept.delete(oldest);
        retainedBytes -= oldestBytes;
        summarize(oldest);
      }
    },
    remove(request) {
      const bytes = kept.get(request);
      if (bytes === undefined) return;
      kept.delete(request);
      retainedBytes -= bytes;
    },
    get retainedBytes() {
      return retainedBytes;
    },
  };
}

/** The bytes a record holds beyond its fixed fields: the body, and each header's name and value. */
function measureRequest(request: RecordedRequest): number {
  let bytes = request.bodyBytes;
  for (const [name, value] of Object.entries(request.headers)) bytes += name.length + value.length;
  return bytes;
}

function summarize(request: RecordedRequest): void {
  request.body = undefined;
  request.headers = {};
  request.summarized = true;
}
