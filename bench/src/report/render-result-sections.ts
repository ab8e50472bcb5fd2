import type { BenchResults } from '../bench-results.js';
import { renderCliStartSection } from './render-cli-start-section.js';
import { renderConcurrencySection } from './render-concurrency-section.js';
import { renderEvalThroughputSection } from './render-eval-throughput-section.js';
import { renderGoalsSection } from './render-goals-section.js';
import { renderHostsSection } from './render-hosts-section.js';
import { renderLoopOverheadSection } from './render-loop-overhead-section.js';
import { renderRequestBytesSection } from './render-request-bytes-section.js';
import { renderSessionTurnCostSection } from './render-session-turn-cost-section.js';
import { renderStreamingLatencySection } from './render-streaming-latency-section.js';
import { renderTurnGrowthSection } from './render-turn-growth-section.js';
import { renderTurnSetupSection } from './render-turn-setup-section.js';
import { renderTimeoutPrecisionSection } from './render-timeout-precision-section.js';
import { renderWireOverheadSection } from './render-wire-overhead-section.js';
import { renderXmlEarlyStopSection } from './render-xml-early-stop-section.js';

/**
 * Every measured benchmark as a Markdown section (`## title`, a sentence on the method, the tables), then the
 * goals. `chart` is inserted after the loop overhead tables (the docs' SVG image). Used for the terminal and
 * for docs/BENCHMARKS.md alike.
 */
export function renderResultSections({ results, chart }: { results: BenchResults; chart?: string }): string {
  const sections: string[] = [];
  if (results.loopOverhead !== undefined)
    sections.push(
      `## Loop overhead\n\n${renderLoopOverheadSection(results.loopOverhead)}${chart === undefined ? '' : `\n\n${chart}`}`,
    );
  if (results.evalThroughput !== undefined)
    sections.push(`## Eval throughput\n\n${renderEvalThroughputSection(results.evalThroughput)}`);
  if (results.timeoutPrecision !== undefined)
    sections.push(`## Timeout precision\n\n${renderTimeoutPrecisionSection(results.timeoutPrecision)}`);
  if (results.streamingLatency !== undefined)
    sections.push(`## Streaming latency\n\n${renderStreamingLatencySection(results.streamingLatency)}`);
  if (results.xmlEarlyStop !== undefined)
    sections.push(`## XML early stop\n\n${renderXmlEarlyStopSection(results.xmlEarlyStop)}`);
  if (results.sessionTurnCost !== undefined)
    sections.push(`## Session turn cost\n\n${renderSessionTurnCostSection(results.sessionTurnCost)}`);
  if (results.requestBytes !== undefined)
    sections.push(
      `## Request bytes and prompt caching\n\n${renderRequestBytesSection(results.requestBytes)}`,
    );
  if (results.wireOverhead !== undefined)
    sections.push(`## Wire overhead\n\n${renderWireOverheadSection(results.wireOverhead)}`);
  if (results.hosts !== undefined)
    sections.push(`## Hosts on several machines\n\n${renderHostsSection(results.hosts)}`);
  if (results.cliStart !== undefined)
    sections.push(`## The command line's start\n\n${renderCliStartSection(results.cliStart)}`);
  if (results.longTurns !== undefined)
    sections.push(
      `## Long turns\n\n${renderTurnGrowthSection({ results: results.longTurns, shape: 'rounds' })}`,
    );
  if (results.largeResults !== undefined)
    sections.push(
      `## Large results\n\n${renderTurnGrowthSection({ results: results.largeResults, shape: 'result size' })}`,
    );
  if (results.turnSetup !== undefined)
    sections.push(`## Turn setup\n\n${renderTurnSetupSection(results.turnSetup)}`);
  if (results.concurrency !== undefined)
    sections.push(`## Concurrent turns\n\n${renderConcurrencySection(results.concurrency)}`);
  if (results.goals.length > 0) sections.push(`## Goals\n\n${renderGoalsSection(results.goals)}`);
  return sections.join('\n\n');
}
