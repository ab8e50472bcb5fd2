// A vitest global setup: see `buildDependenciesWhenStale`.
export { buildDependenciesWhenStale as default } from './vitest.build-when-stale.ts';
