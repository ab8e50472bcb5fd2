import { checkThinkingEcho } from './check-thinking-echo.js';
import { checkToolResults } from './check-tool-results.js';
import { messagesOperationOnly, type MessagesReportRule } from './messages-rule.js';

/**
 * The mistakes the fake reports as violations of an answered Messages API request (and still answers), in the
 * order it reports them.
 */
export const messagesReportRules: readonly MessagesReportRule[] = [
  {
    id: 'messages/missing-tool-result',
    wire: 'messages',
    stage: 'answer',
    outcome: 'reports',
    operations: messagesOperationOnly,
    summary: 'A `tool_use` not answered by a `tool_result` in the next user message (`missing-tool-result`).',
    source:
      'the API\'s 400 ("`tool_use` ids were found without `tool_result` blocks immediately after"), as ' +
      'reported to https://github.com/anthropics/claude-code/issues/3512',
    report: ({ messages }) => checkToolResults(messages).filter(({ type }) => type === 'missing-tool-result'),
  },
  {
    id: 'messages/unexpected-tool-result',
    wire: 'messages',
    stage: 'answer',
    outcome: 'reports',
    operations: messagesOperationOnly,
    summary: 'A `tool_result` for no `tool_use` of the message before (`unexpected-tool-result`).',
    source:
      'the API\'s 400 ("unexpected `tool_use_id` found in `tool_result` blocks"), as reported to ' +
      'https://github.com/microsoft/semantic-kernel/issues/12708',
    report: ({ messages }) =>
      checkToolResults(messages).filter(({ type }) => type === 'unexpected-tool-result'),
  },
  {
    id: 'messages/thinking-echo',
    wire: 'messages',
    stage: 'answer',
    outcome: 'reports',
    operations: messagesOperationOnly,
    summary:
      "Thinking of the current tool-use cycle not sent back byte for byte, in order, first; an earlier turn's " +
      "thinking kept but changed; a fake's signature with other text (`thinking-changed`).",
    source:
      'https://platform.claude.com/docs/en/build-with-claude/thinking#preserving-thinking-blocks and ' +
      'https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/fix-bound-to-a-different-conversation ' +
      '(the API\'s 400s: "… blocks in the latest assistant message cannot be modified", "Invalid `signature` in ' +
      '`thinking` block")',
    report: ({ messages, answers }) =>
      checkThinkingEcho({ messages, answers }).map((message) => ({
        type: 'thinking-changed' as const,
        message,
      })),
  },
];
