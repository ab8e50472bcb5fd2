import { escapeLine } from '../report/escape-control-characters.js';
import type { Reporter } from '../report/reporter.js';
import type { RecordingOutcome } from '../report/run-report.js';

/**
 * A reporter for the command line's live runs that record (`record`, `run --update`): once the run ends, it
 * writes what became of each scenario's recording, in the report's order. `Wrote <directory>/` for a run that
 * passed; `Kept  <directory>/` for one that failed and left the older recording as it was; and for one that
 * failed with none to keep, that no recording was written. A wire's recording names its wire after the file.
 */
export function createRecordingLog({ write }: { write: (text: string) => void }): Reporter {
  const outcomes: Array<{ order: number; file: string; recording: RecordingOutcome }> = [];
  return {
    onScenarioEnd({ file, recording }, place) {
      if (recording !== undefined) outcomes.push({ order: place?.order ?? outcomes.length, file, recording });
    },
    onRunEnd() {
      if (outcomes.length === 0) return;
      outcomes.sort((left, right) => left.order - right.order);
      // Paths are the user's text: escaped, so that a file's name can neither drive the terminal nor add a line.
      // Not `Math.max(...)`: a large run has more recordings than a call takes as arguments.
      const width = outcomes.reduce(
        (widest, { recording }) => Math.max(widest, escapeLine(recording.directory).length + 1),
        0,
      );
      const lines = outcomes.map(({ file: rawFile, recording }) => {
        // Each wire of a scenario that names `wires` has its own recording: `refund.yaml [gemini]`.
        const file = escapeLine(recording.wire === undefined ? rawFile : `${rawFile} [${recording.wire}]`);
        const directory = `${escapeLine(recording.directory)}/`.padEnd(width);
        switch (recording.type) {
          case 'written':
            return `Wrote ${directory}  the recording of ${file}`;
          case 'kept':
            return recording.previous
              ? `Kept  ${directory}  the live run of ${file} failed; the recording is unchanged`
              : `No recording written for ${file}: the live run failed`;
          default: {
            const unexpected: never = recording;
            throw new Error(`Unknown recording outcome: ${JSON.stringify(unexpected)}`);
          }
        }
      });
      write(`${lines.join('\n')}\n`);
    },
  };
}
