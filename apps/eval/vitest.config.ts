import { defineToolloopTests } from '../../vitest.shared.ts';

// The command-line tests spawn the built `toolloop-eval`, and `--workers` forks the built worker.
export default defineToolloopTests({ name: 'eval', spawnsBuilt: 'itself' });
