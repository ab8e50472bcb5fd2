import { collectRun } from '@toolloop/core/testing';
import { renderEvent } from './render-event.js';
import { tourStops } from './tour-stops.js';

/**
 * A tour of the loop's stop conditions against a scripted model: each turn is printed as it streams, and the
 * process fails if any turn ends with a stop reason other than the one it was set up for.
 */
let mismatches = 0;
for (const stop of tourStops) {
  console.log(`\n${stop.title}`);
  const { events, result } = await collectRun(stop.start());
  for (const event of events) {
    const line = renderEvent(event);
    if (line !== undefined) console.log(line);
  }
  const verdict = result.stopReason === stop.expected ? 'ok' : `expected ${stop.expected}`;
  if (result.stopReason !== stop.expected) mismatches += 1;
  console.log(
    `  = ${result.stopReason} (${verdict}): ${result.rounds} round(s), ${result.iterations} request(s), ${result.durationMs} ms`,
  );
}
console.log(`\n${tourStops.length - mismatches} of ${tourStops.length} turns stopped as expected.`);
if (mismatches > 0) process.exitCode = 1;
