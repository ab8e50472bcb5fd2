import type { ScenarioMode } from '../scenario-mode.js';
import { createLiveMode } from './live-mode.js';
import { createRecordMode } from './record-mode.js';
import { createRegradeMode } from './regrade-mode.js';
import { createReplayMode } from './replay-mode.js';
import type { RunMode } from './run-mode.js';
import type { RunModeContext } from './run-mode-context.js';
import { createScriptedMode } from './scripted-mode.js';

/**
 * The mode one run of a scenario runs in, built from where its answers come from (`mode`, default the
 * scenario's script): the one place that looks at which mode it is.
 */
export function createRunMode({
  mode = { type: 'scripted' },
  ...context
}: RunModeContext & { mode?: ScenarioMode | undefined }): RunMode {
  switch (mode.type) {
    case 'scripted':
      return createScriptedMode(context);
    case 'replay': {
      const { regrade, ...replayed } = mode;
      const replay = createReplayMode({ ...context, ...replayed });
      if (regrade === undefined) return replay;
      const { record, ...liveOptions } = regrade;
      const live = createLiveMode({ ...context, ...liveOptions });
      return createRegradeMode({
        ...context,
        replay,
        live,
        proxy: regrade.proxy,
        record,
        recording: mode.recording,
      });
    }
    case 'live': {
      const live = createLiveMode({ ...context, ...mode });
      return mode.record === undefined
        ? live
        : createRecordMode({ ...context, live, proxy: mode.proxy, record: mode.record });
    }
    default: {
      const unexpected: never = mode;
      throw new Error(`Unknown scenario mode ${JSON.stringify(unexpected)}`);
    }
  }
}
