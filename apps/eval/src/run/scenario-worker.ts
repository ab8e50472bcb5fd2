// A worker process of `runScenarios({ workers })`, started by `openWorkerPool` with an IPC channel. It turns on
// the compile cache first, as the command line does, since every worker loads the whole runner.
import { enableCompileCache } from '../cli/enable-compile-cache.js';

enableCompileCache();
await import('./scenario-worker-main.js');
