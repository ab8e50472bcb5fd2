import { isRecord } from '../../internal/is-record.js';
import type { BedrockRequestMessage } from '../bedrock-request-body.js';
import type { BedrockRule, BedrockRuleContext } from './bedrock-rule.js';
import {
  findCurrentToolUseCycle,
  findEchoedAnswer,
  modelErrorsPrefix,
  readClaude,
  refuseWith,
} from './read-claude-reasoning.js';

/**
 * With thinking on, the assistant message whose tool calls the request answers (the last assistant message,
 * followed by the tool results) must start with its reasoning, unless it echoes an answer of the fake that had
 * none (a step without thinking: the script's choice, not the client's fault).
 */
export const reasoningContinuityRule: BedrockRule = {
  id: 'bedrock/reasoning-continuity',
  wire: 'bedrock',
  outcome: 'refuses',
  summary:
    'With thinking on (a Claude model), the assistant message with the tool calls a request answers does not start ' +
    'with reasoningContent (its reasoning was left out).',
  source:
    "Bedrock relaying the Messages API's 400, quoted in https://github.com/anomalyco/opencode/issues/3077 " +
    '(found `tool_use`) and https://github.com/langchain-ai/langchain-aws/issues/844 (found `text`).',
  check(context) {
    const { claude, thinks } = readClaude(context);
    if (!claude || !thinks) return undefined;
    const { messages } = context.request;
    const index = findCurrentToolUseCycle(messages);
    const echoed = messages[index];
    const first = echoed?.content[0];
    if (echoed === undefined || first === undefined || 'reasoningContent' in first) return undefined;
    // An answer of the fake's own that had no reasoning (a step without thinking) has none to send back.
    if (echoesAnswerWithoutReasoning(echoed, context)) return undefined;
    const found =
      'toolUse' in first ? 'tool_use' : 'text' in first ? 'text' : (Object.keys(first)[0] ?? 'text');
    return refuseWith(
      `${modelErrorsPrefix}messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, ` +
        `but found \`${found}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a ` +
        'thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you ' +
        'include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please ' +
        'consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking',
    );
  },
};

/**
 * The redacted reasoning of the assistant message whose tool calls the request answers must come back as the
 * fake sent it: the same blocks, in order, each with its bytes unchanged.
 */
export const redactedReasoningRule: BedrockRule = {
  id: 'bedrock/reasoning-unmodified',
  wire: 'bedrock',
  outcome: 'refuses',
  summary:
    'A Claude request whose latest assistant message (with the tool calls it answers) brings back redacted ' +
    'reasoning other than the fake sent (changed, or missing while other reasoning came back).',
  source:
    "Bedrock's 400 quoted in https://github.com/BerriAI/litellm/pull/25375 (a redacted_thinking block dropped " +
    'from the latest assistant message).',
  check(context) {
    if (!readClaude(context).claude) return undefined;
    const { messages } = context.request;
    const index = findCurrentToolUseCycle(messages);
    const message = messages[index];
    if (message === undefined) return undefined;
    const answer = findEchoedAnswer(message, context);
    const sent = (answer?.blocks ?? []).flatMap((block, blockIndex) =>
      block.type === 'redacted-reasoning' ? [{ blockIndex, data: block.data }] : [],
    );
    if (sent.length === 0) return undefined;
    const received = message.content.flatMap((block, blockIndex) => {
      const reasoning = block.reasoningContent;
      if (!isRecord(reasoning) || !('redactedContent' in reasoning)) return [];
      return [{ blockIndex, data: reasoning.redactedContent }];
    });
    const differs = sent.findIndex(({ data }, at) => received[at]?.data !== data);
    if (differs === -1) return undefined;
    // Where the block is, or where it was in the answer when it is missing.
    const blockIndex = received[differs]?.blockIndex ?? sent[differs]?.blockIndex ?? differs;
    return refuseWith(
      `messages.${index}.content.${blockIndex}: thinking or redacted_thinking blocks in the latest assistant ` +
        'message cannot be modified. These blocks must remain as they were in the original response.',
    );
  },
};

/** Whether a message echoes (by its tool call ids) an answer the fake sent without reasoning. */
function echoesAnswerWithoutReasoning(message: BedrockRequestMessage, context: BedrockRuleContext): boolean {
  const answer = findEchoedAnswer(message, context);
  return (
    answer !== undefined &&
    !answer.blocks.some((block) => block.type === 'reasoning' || block.type === 'redacted-reasoning')
  );
}
