// Test helpers for code built on the loop: a scripted in-process model, and a way to drain a run.
export { createScriptedModel } from './scripted-model.js';
export { collectRun } from './collect-run.js';
export type { ModelScript, RecordedRequest, ScriptedModel, ScriptedResponse } from './scripted-model.js';
