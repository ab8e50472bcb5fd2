// Test helpers for code built on the loop: a scripted in-process model, a way to drain a run, and a check that
// nothing outlives it.
export { createScriptedModel } from './scripted-model.js';
export { collectRun } from './collect-run.js';
export { createLeftoverTracker } from './create-leftover-tracker.js';
export type { LeftoverTracker } from './create-leftover-tracker.js';
export type { ModelScript, ScriptedModelRequest, ScriptedModel, ScriptedResponse } from './scripted-model.js';
