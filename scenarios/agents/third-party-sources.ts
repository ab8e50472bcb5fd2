import { InvalidToolInputError, type ToolDefinition, type ToolOutput, type ToolSource } from '@toolloop/core';

const itemSchema = { type: 'object', properties: { item: { type: 'string' } }, required: ['item'] };

/** The one tool the warehouse service offers when it works. */
export const checkStock: ToolDefinition = {
  name: 'check_stock',
  description: 'How many of an item the warehouse holds.',
  inputSchema: itemSchema,
};

/**
 * A tool source as a user writes one for their own service: it lists what `list` gives (a value, or a function
 * that throws or returns a promise) and answers calls with `answer`. Like a real client, it passes its signal on
 * (here it only reads it), so a loop that handed it none would fail its listing.
 */
export function createServiceSource({
  name,
  list,
  answer = () => Promise.resolve({ content: [{ type: 'text', text: 'In stock: 12.' }] }),
}: {
  name?: string;
  list: unknown;
  answer?: (toolName: string, signal: AbortSignal) => unknown;
}): ToolSource {
  return {
    ...(name === undefined ? {} : { name }),
    listTools({ signal }) {
      signal.throwIfAborted();
      const listed = typeof list === 'function' ? (list as (signal: AbortSignal) => unknown)(signal) : list;
      return Promise.resolve(listed) as Promise<ToolDefinition[]>;
    },
    callTool({ name: toolName, signal }) {
      return answer(toolName, signal) as Promise<ToolOutput>;
    },
  };
}

/** A listing that never answers: it gives up only when the loop aborts its signal. */
export function listForever(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => {
      reject(new Error('the listing was cancelled'));
    });
  });
}

/** What a careless source's tools return instead of a `ToolOutput`, by tool name. */
const oddOutputs: Record<string, unknown> = {
  answers_null: null,
  answers_undefined: undefined,
  answers_a_list: [{ type: 'text', text: 'In stock: 12.' }],
  answers_a_string: 'In stock: 12.',
  answers_without_content: { text: 'In stock: 12.' },
  answers_content_as_text: { content: 'In stock: 12.' },
  answers_a_null_block: { content: [null] },
  answers_a_string_block: { content: ['In stock: 12.'] },
  answers_one_bad_block: { content: [{ type: 'text', text: 'In stock: 12.' }, 'and more'] },
};

/** The tools of the careless source: each answers with one of the shapes above, or fails in its own way. */
export const carelessTools: ToolDefinition[] = [
  ...Object.keys(oddOutputs),
  'throws_at_once',
  'rejects_its_input',
  'fails_with_an_image',
].map((name) => ({
  name,
  description: `A tool that ${name.replaceAll('_', ' ')}.`,
  inputSchema: itemSchema,
}));

/** How the careless source answers a call. */
export function answerCarelessly(toolName: string): unknown {
  if (toolName === 'throws_at_once') throw new Error('the warehouse client is not connected');
  if (toolName === 'rejects_its_input') {
    return Promise.reject(
      new InvalidToolInputError({ toolName, issues: ['item: the warehouse knows no such item'] }),
    );
  }
  if (toolName === 'fails_with_an_image') {
    return Promise.resolve({
      isError: true,
      content: [
        { type: 'text', text: 'The shelf scanner failed.' },
        { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
        { type: 'text', text: 'Try again in a minute.' },
      ],
    });
  }
  return Promise.resolve(oddOutputs[toolName]);
}

/** A call that runs until the loop aborts its signal, then rejects as a client does. */
export function answerNever(_toolName: string, signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => {
      reject(new Error('the request was cancelled'));
    });
  });
}
