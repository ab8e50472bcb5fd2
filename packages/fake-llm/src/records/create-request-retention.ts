import type { RecordedRequest } from './recorded-request.js';

/** Keeps the bodies and headers of recorded requests within a number of bytes, dropping the oldest first. */
export interface RequestRetention {
  /** Counts a newly recorded request, and summarizes the oldest ones kept in full while the total is over the bound. */
  add(request: RecordedRequest): void;
  /** The bytes of bodies and headers kept now. */
  readonly retainedBytes: number;
}

/** Creates the retention of one fake LLM; every route of the fake shares it. */
export function createRequestRetention(options: { maxBytes: number }): RequestRetention {
  // Oldest first; `first` moves forward instead of shifting, so each add costs the same however many came before.
  let kept: Array<{ request: RecordedRequest; bytes: number } | undefined> = [];
  let first = 0;
  let retainedBytes = 0;
  return {
    add(request) {
      const bytes = measureRequest(request);
      kept.push({ request, bytes });
      retainedBytes += bytes;
      while (retainedBytes > options.maxBytes && first < kept.length) {
        const oldest = kept[first];
        kept[first] = undefined;
        first += 1;
        if (oldest === undefined) continue;
        retainedBytes -= oldest.bytes;
        summarize(oldest.request);
      }
      if (first > 1_000 && first * 2 > kept.length) {
        kept = kept.slice(first);
        first = 0;
      }
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
