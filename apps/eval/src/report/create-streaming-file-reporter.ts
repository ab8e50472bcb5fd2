import { escapeLine } from './escape-control-characters.js';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import type { ReportPathStream } from './create-file-reporter.js';
import { createPartFile, type PartRange } from './part-file.js';
import type { Reporter } from './reporter.js';
import type { RunSummary, ScenarioResult } from './run-report.js';

/** A scenario's rendered text, stored until the run ends, with what the file's frame needs to know of it. */
export interface StoredPart<Meta> {
  /** The scenario's place in the report: parts are handed to `assemble` sorted by it. */
  order: number;
  meta: Meta;
  range: PartRange;
}

/** What `assemble` gets: the run's summary, every part in report order, and a way to read one back. */
export interface AssembleInput<Meta> {
  summary: RunSummary;
  parts: readonly StoredPart<Meta>[];
  read: (part: StoredPart<Meta>) => Promise<string>;
}

/**
 * A reporter that writes one file, `<outDir>/<fileName>`, holding one scenario at a time: each result is
 * rendered by `renderPart` as it ends and kept in a temporary file; when the run ends, `assemble` yields the
 * file's text piece by piece (its frame, and the parts read back in the order it chooses), which is written as
 * it comes. So a report of 10,000 scenarios costs the memory of one. The temporary file is deleted when the
 * run ends or fails (`close`). With a `stream`, it then writes `Wrote <absolute path>` there.
 *
 * A reporter driven only by `onRunEnd` (no `onScenarioEnd` before it) renders the report's own scenarios.
 */
export function createStreamingFileReporter<Meta>({
  fileName,
  renderPart,
  assemble,
  stream,
}: {
  fileName: string;
  renderPart: (result: ScenarioResult) => { text: string; meta: Meta };
  assemble: (input: AssembleInput<Meta>) => AsyncIterable<string>;
  stream?: ReportPathStream | undefined;
}): Reporter {
  let outDir: string | undefined;
  let parts: StoredPart<Meta>[] = [];
  let partFile = createPartFile({ label: fileName });
  // After close, a result that still arrives (from a scenario that ended as the run failed) is not kept: a part
  // file made for it would outlive the run.
  let closed = false;
  const close = async () => {
    closed = true;
    parts = [];
    await partFile.close();
  };
  const store = async (result: ScenarioResult, order: number) => {
    if (closed) return;
    const { text, meta } = renderPart(result);
    parts.push({ order, meta, range: await partFile.append(text) });
  };
  return {
    onRunStart(info) {
      outDir = info.outDir;
      // A reporter may serve another run: each run gets a fresh part file.
      if (closed) {
        closed = false;
        partFile = createPartFile({ label: fileName });
      }
    },
    async onScenarioEnd(result, place) {
      await store(result, place?.order ?? parts.length);
    },
    async onRunEnd(report) {
      if (outDir === undefined) {
        throw new Error(
          `Cannot write ${fileName}: onRunEnd came before onRunStart, so the output directory is unknown.`,
        );
      }
      try {
        if (parts.length === 0)
          for (const [order, result] of report.scenarios.entries()) await store(result, order);
        const sorted = [...parts].sort((left, right) => left.order - right.order);
        const file = path.resolve(outDir, fileName);
        await mkdir(outDir, { recursive: true });
        const output = await open(file, 'w');
        try {
          const pieces = assemble({
            summary: report.summary,
            parts: sorted,
            read: (part) => partFile.read(part.range),
          });
          // Pieces are written in batches: a part is often a few hundred bytes.
          let batch = '';
          for await (const piece of pieces) {
            batch += piece;
            if (batch.length >= 65_536) {
              await output.write(batch);
              batch = '';
            }
          }
          await output.write(batch);
        } finally {
          await output.close();
        }
        stream?.write(`Wrote ${escapeLine(file)}\n`);
      } finally {
        await close();
      }
    },
    close,
  };
}
