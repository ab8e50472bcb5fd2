import type { ActivityTracker } from '../internal/create-activity-tracker.js';
import type { FakeLlmRecords, FakeLlmRouteState } from '../route/fake-llm-route.js';

/** The id of the script given to `createFakeLlm`, which answers requests that name no script. */
export const defaultScenarioId = 'default';

/** Everything one fake LLM keeps: its scripts by id, the records of all of them, and the work in flight. */
export interface FakeLlmState {
  routes: Map<string, FakeLlmRouteState>;
  records: FakeLlmRecords;
  activity: ActivityTracker;
  /** Aborted by `fake.close()`: ends every wait and open stream; replaced so the fake can listen again. */
  shutdown: AbortController;
}
