import { defineToolloopTests } from '../vitest.shared.ts';

// The growth benchmarks run the fake LLM in a child process from the build (`dist/growth/fake-llm-child.js`).
export default defineToolloopTests({ name: 'bench', spawnsBuilt: 'itself' });
