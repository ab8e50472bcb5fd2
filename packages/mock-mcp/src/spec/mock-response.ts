import type { MockContentBlock } from './content-block-schema.js';
import type { JsonObject } from './json-object-schema.js';
import type { ProgressStep } from './progress-step-schema.js';
import type { SampleSpec } from './sample-spec-schema.js';

/** What a scripted response does once it is chosen, as a union on `type`. */
export type MockResponseAction =
  | { type: 'result'; content: MockContentBlock[]; structuredContent?: JsonObject }
  | { type: 'error'; text: string }
  | { type: 'throw'; code: number; message: string; data?: unknown }
  | { type: 'crash' }
  | { type: 'hang' }
  | { type: 'sample'; sample: SampleSpec };

/**
 * One validated scripted response of a mock tool: when it applies (`match`, `times`), how it is delivered
 * (`delayMs`, `progress`) and what it does (`action`).
 */
export interface MockResponse {
  match?: JsonObject;
  times?: number;
  delayMs: number;
  progress: ProgressStep[];
  action: MockResponseAction;
}
