import { z } from 'zod';
import { createScriptedModel } from '../src/testing/scripted-model.js';
import { defineTool } from '../src/tools/define-tool.js';

/** The tests of `contextLimit`: a handbook read one long page a round. */

/** A page of about 2,000 characters: some 500 tokens at the limit's estimate of four characters a token. */
export const page = (topic: string) => `${topic}: ${'The handbook says so. '.repeat(90)}`;

/** Reads a page; when `approvalFor` is given, a call for that topic waits for approval. */
export function createReadPage(approvalFor?: string) {
  return defineTool({
    name: 'read_page',
    inputSchema: z.object({ topic: z.string() }),
    ...(approvalFor === undefined
      ? {}
      : { needsApproval: ({ topic }: { topic: string }) => topic === approvalFor }),
    execute: ({ topic }) => page(topic),
  });
}

export const readPage = createReadPage();

/** Calls `tool` once per round with topics a, b, c…, `rounds` times (ids call-1, call-2…), then answers. */
export function reader(rounds: number, tool = 'read_page', field = 'topic') {
  return createScriptedModel((_request, index) =>
    index < rounds
      ? { toolCalls: [{ id: `call-${index + 1}`, name: tool, input: { [field]: 'abcdefgh'[index] ?? 'z' } }] }
      : { text: 'Done.' },
  );
}
