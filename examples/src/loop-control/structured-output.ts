import { runToolLoop } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { z } from 'zod';

const invoice = z.object({ customer: z.string(), total: z.number() });

// Any Model works here. This one says it follows a response format (as claude-sonnet-4-6 and gpt-5 do), and
// its first answer does not match the schema.
const model = createScriptedModel(
  [{ text: '{"customer":"ACME","total":"120 EUR"}' }, { text: '{"customer":"ACME","total":120}' }],
  { supportsStructuredOutput: true },
);

const result = await runToolLoop({ model, prompt: 'Read the invoice.', output: invoice }).result;
console.log(`${result.stopReason} after ${result.iterations} requests`);
console.log(result.output);
