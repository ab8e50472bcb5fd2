import { defineToolloopTests } from '../../vitest.shared.ts';

// Scenarios start a knowledge-base server as a child process and run whole conversations: allow them time.
export default defineToolloopTests({ name: 'example-support-agent' });
