import { defineTool, runToolLoop } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { z } from 'zod';

const writeFile = defineTool({
  name: 'write_file',
  inputSchema: z.object({ path: z.string(), text: z.string() }),
  execute: () => 'written',
});

// Any Model works here: this one writes the same file again and again, and every write succeeds.
const write = { toolCalls: [{ name: 'write_file', input: { path: 'notes.txt', text: 'Buy milk.' } }] };
const model = createScriptedModel([write, write, write, { text: 'The note is saved.' }]);

const result = await runToolLoop({
  model,
  tools: [writeFile],
  prompt: 'Save my note.',
  maxRepeatedCalls: 2,
  maxRepeatedText: 2,
}).result;
console.log(`${result.stopReason}: ${result.toolCalls.map((call) => call.executed).join(', ')}`);
console.log(result.text);
