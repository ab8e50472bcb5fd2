import type { Model } from '@toolloop/core';
import type { ClosableToolSource, LlmConfig } from '@toolloop/core/session';
import { defineTool } from '@toolloop/core';
import { createScriptedModel, type ModelScript, type ScriptedModel } from '@toolloop/core/testing';

/** A `createModel` that answers from one scripted model and records the configs it was called with. */
export function createModelFactory(script: ModelScript): {
  createModel: (config: LlmConfig) => Model;
  model: ScriptedModel;
  configs: LlmConfig[];
} {
  const model = createScriptedModel(script);
  const configs: LlmConfig[] = [];
  return {
    model,
    configs,
    createModel: (config) => {
      configs.push(config);
      return model;
    },
  };
}

/** A local tool that reads a note by id, for sessions without MCP servers. */
export const readNote = defineTool({
  name: 'read_note',
  description: 'Reads a note',
  inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
  execute: (input) => `note ${JSON.stringify(input.id)}`,
});

/** A fake server source (what `connectMcpServers` returns) that records whether it was closed. */
export function createFakeServers(): ClosableToolSource & { closed: number } {
  const source = {
    closed: 0,
    listTools: () =>
      Promise.resolve([
        { name: 'search', description: 'Searches', inputSchema: { type: 'object', properties: {} } },
      ]),
    callTool: () => Promise.resolve({ content: [{ type: 'text' as const, text: 'found it' }] }),
    close: () => {
      source.closed += 1;
      return Promise.resolve();
    },
  };
  return source;
}
