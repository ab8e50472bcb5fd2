import { checkFinalAssistantThinking } from './check-final-assistant-thinking.js';
import { checkMessageContent } from './check-message-content.js';
import { checkToolUseIds } from './check-tool-use-ids.js';
import { estimatePromptTokens } from './estimate-prompt-tokens.js';
import { hasToolBlocks } from './has-tool-blocks.js';
import { readToolNames } from './messages-request-body.js';
import {
  allMessagesOperations,
  invalidRequest,
  messagesOperationOnly,
  modelsPage,
  type MessagesConversationRule,
} from './messages-rule.js';
import { readThinkingConfig } from './read-thinking-config.js';

/**
 * The rules that read the whole conversation of a Messages API request, a thread's stored messages included, in
 * the order the fake applies them.
 */
export const messagesConversationRules: readonly MessagesConversationRule[] = [
  {
    id: 'messages/empty-content',
    wire: 'messages',
    stage: 'conversation',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary: 'A message with no content (`[]` or `""`), but for a final assistant message (a prefill).',
    source:
      "the API's answer, as quoted in https://github.com/anthropics/claude-code/issues/6774 and " +
      'https://github.com/tidyverse/ellmer/issues/709',
    check: ({ rawMessages }) => invalidRequest(checkMessageContent(rawMessages)),
  },
  {
    id: 'messages/tool-use-ids',
    wire: 'messages',
    stage: 'conversation',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary: 'Two `tool_use` blocks of the conversation with one `id`.',
    source:
      "the API's answer, as quoted in https://github.com/anthropics/claude-code/issues/21083 and " +
      'https://github.com/BerriAI/litellm/issues/23510',
    check: ({ messages }) => invalidRequest(checkToolUseIds(messages)),
  },
  {
    id: 'messages/tools-undefined',
    wire: 'messages',
    stage: 'conversation',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary: '`tool_use` or `tool_result` blocks in the conversation, but no tools (or an empty list).',
    source:
      "the API's answer, as reported to https://github.com/anthropics/anthropic-sdk-python/issues/494; " +
      'https://github.com/vercel/ai/pull/12379 keeps the tools for this reason',
    check: ({ messages, tools }) =>
      readToolNames(tools).length === 0 && hasToolBlocks(messages)
        ? invalidRequest(
            'Requests which include `tool_use` or `tool_result` blocks must define tools. To stop the model ' +
              'calling tools, keep the tool definitions and send `tool_choice: {"type": "none"}`.',
          )
        : undefined,
  },
  {
    id: 'messages/context-window',
    wire: 'messages',
    stage: 'conversation',
    outcome: 'refuses',
    operations: messagesOperationOnly,
    summary:
      "A prompt past the model's context window (the larger one its long-context beta opens, when the request " +
      "sends it), in the fake's estimate of the whole conversation, a thread's included: four characters a " +
      'token, an image 1600 tokens and a PDF 2500 a page in place of their base64 data.',
    source:
      `${modelsPage} (context windows); https://platform.claude.com/docs/en/build-with-claude/context-windows ` +
      '(the 1M-token beta); https://platform.claude.com/docs/en/build-with-claude/vision (an image is about ' +
      'width × height / 750 tokens, scaled to at most 1568 pixels a side, so about 1600 at most); ' +
      'https://platform.claude.com/docs/en/build-with-claude/pdf-support (each page 1500 to 3000 tokens of ' +
      "text, and an image); the API's answer, as reported to " +
      'https://github.com/anthropics/claude-code/issues/12186 ("prompt is too long: 208310 tokens > 200000 maximum")',
    check: ({ model, promptLength, betas }) => {
      const tokens = estimatePromptTokens(promptLength);
      if (model === undefined) return undefined;
      const { longContext } = model;
      const window =
        longContext !== undefined && betas.includes(longContext.beta)
          ? longContext.contextWindow
          : model.contextWindow;
      if (tokens <= window) return undefined;
      return invalidRequest(`prompt is too long: ${tokens} tokens > ${window} maximum`);
    },
  },
  {
    id: 'messages/final-assistant-thinking',
    wire: 'messages',
    stage: 'conversation',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary:
      'A `thinking` block in a final assistant message when the request does not turn thinking on (and the ' +
      'model does not think by default).',
    source:
      "the API's answer, as reported to https://github.com/tailcallhq/forgecode/issues/1853 (earlier " +
      "assistant messages' thinking is taken); which models think by default: the model catalogue",
    check: ({ fields, model, messages }) => {
      const { type } = readThinkingConfig(fields);
      if (model?.thinksByDefault === true || (type !== undefined && type !== 'disabled')) return undefined;
      return invalidRequest(checkFinalAssistantThinking(messages));
    },
  },
];
