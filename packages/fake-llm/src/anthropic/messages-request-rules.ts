import { checkAgainstDefinition } from '../definitions/check-against-definition.js';
import { shortenForMessage } from '../internal/shorten-for-message.js';
import { checkAssistantTurnBlocks } from './check-assistant-turn-blocks.js';
import { checkCacheControl } from './check-cache-control.js';
import { checkOutputFormat } from './check-output-format.js';
import { checkToolNames } from './check-tool-names.js';
import { checkUserTurnCitations } from './check-user-turn-citations.js';
import { formatDefinitionIssue } from './format-definition-issue.js';
import { listPromptBlocks } from './list-prompt-blocks.js';
import { readMessagesApiVersion } from './messages-api-version.js';
import { isKeptCopy } from './copy-frozen.js';
import {
  allMessagesOperations,
  invalidRequest,
  modelsPage,
  readBodyFields,
  readBodyMessages,
  type MessagesRequestRule,
} from './messages-rule.js';
import { selectMessagesDefinition } from './select-messages-definition.js';

const version2026Sources =
  'the 2026-10-21 migration guide, as quoted by https://developersdigest.tech/blog/claude-api-version-2026-10-21-sdk-migration ' +
  'and https://qiita.com/Synthorai/items/01a0067e88747257a4e6';

/**
 * The rules that read a Messages API body as it arrived, in the order the fake applies them: the version, the
 * model, then what the request's definition says, then what it cannot say.
 */
export const messagesRequestRules: readonly MessagesRequestRule[] = [
  {
    id: 'messages/api-version-header',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary: 'A request without an `anthropic-version` header (every SDK sends one).',
    source:
      'https://platform.claude.com/docs/en/api/versioning ("the anthropic-version header is required"); the ' +
      "API's answer, as reported to https://github.com/envoyproxy/ai-gateway/pull/1909 and " +
      'https://github.com/PipedreamHQ/pipedream/issues/9697',
    check: ({ versionHeader }) =>
      versionHeader === null ? invalidRequest('anthropic-version: header is required') : undefined,
  },
  {
    id: 'messages/api-version',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary:
      'An `anthropic-version` header other than 2023-06-01 and 2026-10-21 (with `messages/api-version-header` ' +
      'relaxed, none is read as 2023-06-01).',
    source:
      'https://platform.claude.com/docs/en/api/versioning (the versions the API has); the wording is the ' +
      "fake's, the API's answer to an unknown version is not on record",
    check: ({ versionHeader }) =>
      versionHeader === null || readMessagesApiVersion(versionHeader) !== undefined
        ? undefined
        : invalidRequest(`anthropic-version: "${shortenForMessage(versionHeader)}" is not a valid version`),
  },
  {
    id: 'messages/unknown-model',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary:
      'A model the API does not serve (nor the script adds): 404 `not_found_error` "model: <id>" ("model: None" for null).',
    source:
      'the API\'s answer, as reported to https://github.com/anthropics/claude-code/issues/5349 ("model: sonnet4"); ' +
      'for `"model": null`, https://github.com/Zipstack/unstract-adapters/pull/35 ("model: None", a 404 before ' +
      "any other check); model ids: the Anthropic SDK's `Model` type and the models overview, " +
      modelsPage,
    check: ({ body, model }) => {
      const fields = readBodyFields(body);
      if (model !== undefined || !('model' in fields)) return undefined;
      const id = fields.model === null ? 'None' : fields.model;
      if (typeof id !== 'string') return undefined;
      return { status: 404, type: 'not_found_error', message: `model: ${shortenForMessage(id)}` };
    },
  },
  {
    id: 'messages/cache-control',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary:
      '`cache_control` the API refuses: more than four breakpoints, one on a thinking or redacted thinking block ' +
      'or an empty text block, a `type` other than `ephemeral`, a `ttl` other than `5m` and `1h`.',
    source:
      'https://platform.claude.com/docs/en/build-with-claude/prompt-caching ("up to 4 cache breakpoints"); the ' +
      'messages as reported to https://github.com/tghamm/Anthropic.SDK/issues/50, ' +
      'https://github.com/router-for-me/CLIProxyAPI/issues/512 and ' +
      'https://github.com/anthropics/claude-code/issues/25597 (the path form); `CacheControlEphemeral` of ' +
      '@anthropic-ai/sdk 1.x. Applied before the definition, whose check of the same fields names no union tag',
    check: ({ body }) => {
      const fields = readBodyFields(body);
      const blocks = listPromptBlocks({
        tools: fields.tools,
        system: fields.system,
        messages: readBodyMessages(body),
      });
      return invalidRequest(checkCacheControl(blocks));
    },
  },
  {
    id: 'messages/definition',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary:
      "A body that is not the SDK's request type for its `anthropic-version` (GA, or beta with `?beta=true` or " +
      '`anthropic-beta`): a missing or unknown field, a wrong type, an unknown block type; token counts and ' +
      '`top_k` must be whole numbers.',
    source:
      'the request types of @anthropic-ai/sdk 0.137.0 (2023-06-01) and 1.12.0 (2026-10-21), generated from ' +
      "Anthropic's API definition (src/definitions/*.generated.ts); pydantic's messages, as the API's answers " +
      'quoted in https://github.com/immersive-translate/immersive-translate/issues/3993 ("max_tokens: Field ' +
      'required"), https://github.com/strands-agents/harness-sdk/pull/588 ("max_tokens: Input should be a ' +
      'valid integer"), https://github.com/AstrBotDevs/AstrBot/pull/4444 (an unknown block type) and ' +
      'https://github.com/anthropics/claude-code/issues/14135 ("Extra inputs are not permitted") read',
    check: ({ body, operation, version, beta }) => {
      const definition = selectMessagesDefinition({ operation, version, beta });
      // The fake's frozen copies of the messages a request repeats were checked before: only new ones are.
      const messages = readBodyMessages(body);
      const issue = checkAgainstDefinition({
        definition,
        value: body,
        remembered: isKeptCopy(messages) ? messages : undefined,
      });
      return invalidRequest(issue === undefined ? undefined : formatDefinitionIssue(issue));
    },
  },
  {
    id: 'messages/at-least-one-message',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary: 'An empty `messages` list.',
    source:
      'the API\'s answer, as reported to https://github.com/langgenius/dify/issues/25953 ("messages: at least ' +
      'one message is required")',
    check: ({ body }) =>
      Array.isArray(readBodyFields(body).messages) && readBodyMessages(body).length === 0
        ? invalidRequest('messages: at least one message is required')
        : undefined,
  },
  {
    id: 'messages/assistant-turn-blocks',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary:
      'An `image` block in an assistant message; from anthropic-version 2026-10-21 on, a `document` block too.',
    source:
      "image: the API's answer, as reported to https://github.com/epam/ai-dial-adapter-bedrock/pull/306; " +
      `document: ${version2026Sources}, the wording inferred from the image one`,
    check: ({ body, version }) =>
      invalidRequest(checkAssistantTurnBlocks({ messages: readBodyMessages(body), version })),
  },
  {
    id: 'messages/user-turn-citations',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary: 'From anthropic-version 2026-10-21 on, a text block with `citations` in a user message.',
    source: `${version2026Sources}; the wording is the fake's (the API's is not on record)`,
    check: ({ body, version }) =>
      version === '2026-10-21' ? invalidRequest(checkUserTurnCitations(readBodyMessages(body))) : undefined,
  },
  {
    id: 'messages/tool-name',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary: 'A custom tool name outside `^[a-zA-Z0-9_-]{1,128}$`.',
    source:
      "the API's answers, as reported to https://github.com/home-assistant/core/issues/147760 (the pattern) " +
      "and https://github.com/anthropics/claude-code/issues/96152 (at most 128 characters); the empty name's " +
      'wording is inferred from the latter',
    check: ({ body }) => invalidRequest(checkToolNames(readBodyFields(body).tools)),
  },
  {
    id: 'messages/output-format',
    wire: 'messages',
    stage: 'request',
    outcome: 'refuses',
    operations: allMessagesOperations,
    summary:
      '`output_config.format` (or the beta\'s `output_format`) that is not `{ type: "json_schema", schema }`, or ' +
      'an object schema in it whose `additionalProperties` is not `false`.',
    source:
      '`JSONOutputFormat` of @anthropic-ai/sdk 1.x; https://platform.claude.com/docs/en/build-with-claude/structured-outputs ' +
      '(JSON Schema limitations); the messages as reported to https://github.com/ax-llm/ax/issues/458 and ' +
      'https://github.com/BerriAI/litellm/issues/35808',
    check: ({ body }) => invalidRequest(checkOutputFormat(readBodyFields(body))),
  },
];
