// Test helpers for code built on the loop: a scripted in-process model.
export { createScriptedModel } from './scripted-model.js';
export type { ModelScript, RecordedRequest, ScriptedModel, ScriptedResponse } from './scripted-model.js';
