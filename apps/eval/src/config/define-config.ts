import type { ToolloopConfig } from './config-schema.js';

/**
 * Types a `toolloop.config.ts` (the file's default export); returns the config unchanged. Paths in it are
 * relative to the file; flags on the command line override it.
 *
 * @example
 * export default defineConfig({
 *   scenarios: ['evals/'],
 *   agent: './src/support-agent.ts',
 *   reporters: ['pretty', 'junit'],
 * });
 */
export function defineConfig(config: ToolloopConfig): ToolloopConfig {
  return config;
}
