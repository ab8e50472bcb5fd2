/**
 * The paused turn the support desk's database holds for order A-100, as the previous release of the loop stored
 * it (its first stored format, `version: 1`): the customer asked for a refund, the order was looked up, and the
 * refund waits for their yes. Kept as the JSON text the database column holds.
 */
export const storedRefundTurn = JSON.stringify({
  version: 1,
  messages: [
    {
      role: 'user',
      content: 'Order A-100 arrived broken. Please refund it.',
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
            orderId: 'A-100',
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
          output: {
            content: [
              {
                type: 'text',
                text: '{"orderId":"A-100","status":"shipped","total":42,"items":["kettle"]}',
              },
            ],
          },
          isError: false,
        },
      ],
    },
    {
      role: 'assistant',
      content: [
        {
          type: 'text',
          text: 'I can refund the 42 EUR.',
        },
        {
          type: 'tool-call',
          id: 'toolu_02',
          name: 'issue_refund',
          input: {
            orderId: 'A-100',
            amount: 42,
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
        orderId: 'A-100',
        amount: 42,
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
      text: 'I can refund the 42 EUR.',
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
          orderId: 'A-100',
        },
        output: {
          content: [
            {
              type: 'text',
              text: '{"orderId":"A-100","status":"shipped","total":42,"items":["kettle"]}',
            },
          ],
        },
        isError: false,
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
    errorStreak: 0,
    messageToolCalls: 1,
    sessionToolCalls: 1,
    callCounts: [['lookup_order {"orderId":"A-100"}', 1]],
    text: 'I can refund the 42 EUR.',
    lastResponseText: 'I can refund the 42 EUR.',
    textRepeats: 1,
    lastRequestTokens: 688,
    sessionTokens: 0,
    outputRepairs: 0,
    elapsedMs: 2400,
  },
});
