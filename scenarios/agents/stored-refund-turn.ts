/** An order as the stored turn looked it up, and how long the turn had run before it paused. */
interface StoredOrder {
  id: string;
  status: string;
  total: number;
  items: string[];
  elapsedMs: number;
  /** Why the lookup failed, when it did (the model went on to the refund regardless). */
  lookupError?: string;
  /** Tokens the customer's session had used before this turn (0 when not given). */
  sessionTokens?: number;
  /** The summary that stood for the start of the conversation, when the context limit had condensed it. */
  contextSummary?: { upTo: number; text: string };
}

/** What the lookup answered: the order, or its failure. */
function lookupResult(order: StoredOrder) {
  if (order.lookupError !== undefined) {
    const text = `Tool 'lookup_order' failed: ${order.lookupError}`;
    return { output: { content: [{ type: 'text', text }], isError: true }, isError: true };
  }
  const { id: orderId, status, total, items } = order;
  return {
    output: { content: [{ type: 'text', text: JSON.stringify({ orderId, status, total, items }) }] },
    isError: false,
  };
}

/**
 * A paused turn as the support desk's database holds it, written by the previous release of the loop (its first
 * stored format, `version: 1`): the customer asked for a refund of `order`, the order was looked up, and the
 * refund waits for their yes. The JSON text the database column holds.
 */
function storedRefundTurn(order: StoredOrder): string {
  return JSON.stringify({
    version: 1,
    messages: [
      {
        role: 'user',
        content: `Order ${order.id} arrived broken. Please refund it.`,
      },
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: 'Let me look at the order.',
          },
          {
            type: 'tool-call',
            id: 'toolu_01',
            name: 'lookup_order',
            input: {
              orderId: order.id,
            },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'toolu_01',
            toolName: 'lookup_order',
            ...lookupResult(order),
          },
        ],
      },
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: `I can refund the ${order.total} EUR.`,
          },
          {
            type: 'tool-call',
            id: 'toolu_02',
            name: 'issue_refund',
            input: {
              orderId: order.id,
              amount: order.total,
            },
          },
        ],
      },
    ],
    pendingApprovals: [
      {
        toolCallId: 'toolu_02',
        name: 'issue_refund',
        input: {
          orderId: order.id,
          amount: order.total,
        },
      },
    ],
    toolNames: ['lookup_order', 'issue_refund'],
    step: {
      iteration: 2,
      round: 1,
      request: {
        toolNames: ['lookup_order', 'issue_refund'],
        messageCount: 3,
      },
      response: {
        text: `I can refund the ${order.total} EUR.`,
        finishReason: 'tool_calls',
        toolCallCount: 1,
      },
      usage: {
        inputTokens: 640,
        outputTokens: 48,
      },
    },
    counters: {
      iterations: 2,
      rounds: 1,
      toolCalls: [
        {
          toolCallId: 'toolu_01',
          name: 'lookup_order',
          input: {
            orderId: order.id,
          },
          ...lookupResult(order),
          executed: true,
          round: 0,
          durationMs: 3,
        },
      ],
      usage: {
        inputTokens: 1210,
        outputTokens: 95,
      },
      statusUsage: {
        inputTokens: 0,
        outputTokens: 0,
      },
      usageByModel: [
        [
          'claude-sonnet-4-6',
          {
            inputTokens: 1210,
            outputTokens: 95,
          },
        ],
      ],
      errorStreak: order.lookupError === undefined ? 0 : 1,
      messageToolCalls: 1,
      sessionToolCalls: 1,
      callCounts: [[`lookup_order ${JSON.stringify({ orderId: order.id })}`, 1]],
      text: `I can refund the ${order.total} EUR.`,
      lastResponseText: `I can refund the ${order.total} EUR.`,
      textRepeats: 1,
      lastRequestTokens: 688,
      sessionTokens: order.sessionTokens ?? 0,
      outputRepairs: 0,
      elapsedMs: order.elapsedMs,
      ...(order.contextSummary === undefined ? {} : { contextSummary: order.contextSummary }),
    },
  });
}

/**
 * The database's rows, by order. A-100's turn ran 2.4 s before it paused; A-101's ran 75 s (its lookups were
 * slow), more than this release's limit of a minute a turn; A-102's lookup failed, and the model asked for the
 * refund regardless; A-107's customer had used 198,395 tokens in their session before it. A-103's row was
 * written by a newer release (before a rollback), A-104's and A-106's were damaged (a count of requests that is
 * text, tool names that are not a list), and A-105 holds no turn at all. A-108's turn had condensed the
 * customer's first message into a summary (the context limit).
 */
export const storedTurns: Record<string, string> = {
  'A-100': storedRefundTurn({
    id: 'A-100',
    status: 'shipped',
    total: 42,
    items: ['kettle'],
    elapsedMs: 2400,
  }),
  'A-101': storedRefundTurn({
    id: 'A-101',
    status: 'processing',
    total: 18.5,
    items: ['mug', 'tea'],
    elapsedMs: 75_000,
  }),
  'A-102': storedRefundTurn({
    id: 'A-102',
    status: 'shipped',
    total: 30,
    items: ['teapot'],
    elapsedMs: 3100,
    lookupError: 'the order service timed out.',
  }),
  'A-103': JSON.stringify({
    version: 3,
    messages: [{ role: 'user', content: 'Refund A-103.' }],
    state: {},
    features: {},
  }),
  'A-104': storedRefundTurn({
    id: 'A-104',
    status: 'shipped',
    total: 12,
    items: ['cup'],
    elapsedMs: 900,
  }).replace('"iterations":2', '"iterations":"two"'),
  'A-105': JSON.stringify({ order: 'A-105', refund: 'requested' }),
  'A-106': storedRefundTurn({
    id: 'A-106',
    status: 'shipped',
    total: 9,
    items: ['spoon'],
    elapsedMs: 700,
  }).replace('"toolNames":["lookup_order","issue_refund"]', '"toolNames":"lookup_order"'),
  'A-107': storedRefundTurn({
    id: 'A-107',
    status: 'shipped',
    total: 64,
    items: ['kettle', 'teapot'],
    elapsedMs: 2000,
    sessionTokens: 198_395,
  }),
  'A-108': storedRefundTurn({
    id: 'A-108',
    status: 'shipped',
    total: 27,
    items: ['toaster'],
    elapsedMs: 1500,
    contextSummary: { upTo: 1, text: 'The customer said the toaster of order A-108 arrived broken.' },
  }),
};
