import {
  isFakeThinkingSignatureOf,
  looksLikeFakeThinkingSignature,
} from '../../anthropic/create-thinking-signature.js';
import { isRecord } from '../../internal/is-record.js';
import { resolveRequestModel } from '../../models/resolve-request-model.js';
import { toBedrockBaseModelId } from '@toolloop/models';
import type { RuleRefusal } from '../../rules/fake-llm-rule.js';
import type { BedrockRequestMessage } from '../bedrock-request-body.js';
import type { BedrockRule, BedrockRuleContext } from './bedrock-rule.js';

const modelErrorsPrefix = 'The model returned the following errors: ';

/**
 * Whether the request goes to a Claude model (Bedrock relays the Messages API's checks for those), and whether
 * that model thinks on it (`additionalModelRequestFields.thinking` on, or a model that thinks by default).
 */
function readClaude(context: BedrockRuleContext): { claude: boolean; thinks: boolean } {
  const model = resolveRequestModel({
    api: 'bedrock-converse',
    id: context.request.modelId,
    scriptModels: context.scriptModels,
  });
  const claude = toBedrockBaseModelId(context.request.modelId).startsWith('anthropic.claude');
  return { claude, thinks: context.request.thinking !== undefined || model?.thinksByDefault === true };
}

/** A block's `reasoningContent.reasoningText`, when it is one. */
function readReasoningText(block: Record<string, unknown>): Record<string, unknown> | undefined {
  const reasoning = block.reasoningContent;
  if (!isRecord(reasoning) || !isRecord(reasoning.reasoningText)) return undefined;
  return reasoning.reasoningText;
}

function refuse(message: string): RuleRefusal {
  return { status: 400, type: 'ValidationException', message };
}

/** Reasoning text sent back without its signature (or with an empty one), on a Claude model. */
export const signatureRequiredRule: BedrockRule = {
  id: 'bedrock/thinking-signature-required',
  wire: 'bedrock',
  outcome: 'refuses',
  summary:
    'A Claude request whose assistant message has reasoningContent.reasoningText without a signature (or an empty one).',
  source:
    "Bedrock relaying Claude's validation error, quoted in https://github.com/earendil-works/pi/issues/2063 and " +
    'https://github.com/can1357/oh-my-pi/pull/10486 (the empty signature fails the same way).',
  check(context) {
    if (!readClaude(context).claude) return undefined;
    for (const [index, message] of context.request.messages.entries()) {
      if (message.role !== 'assistant') continue;
      for (const [blockIndex, block] of message.content.entries()) {
        const text = readReasoningText(block);
        if (text === undefined) continue;
        if (typeof text.signature === 'string' && text.signature !== '') continue;
        return refuse(
          `${modelErrorsPrefix}messages.${index}.content.${blockIndex}.thinking.signature: Field required`,
        );
      }
    }
    return undefined;
  },
};

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
    return refuse(
      `${modelErrorsPrefix}messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, ` +
        `but found \`${found}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a ` +
        'thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you ' +
        'include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please ' +
        'consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking',
    );
  },
};

/**
 * Reasoning sent back with another text or signature than the fake gave: a signature shaped like the fake's
 * that it never issued (nor made for that very text), or one it issued for another text.
 */
export const signatureRule: BedrockRule = {
  id: 'bedrock/thinking-signature',
  wire: 'bedrock',
  outcome: 'refuses',
  summary:
    'A Claude request whose reasoningText comes back with its text or signature changed from what the fake sent.',
  source:
    "Bedrock's 400 for a thinking block whose signature does not verify, quoted in " +
    'https://github.com/linanwx/nagobot/issues/21 (the raw answer of Amazon Bedrock) and ' +
    'https://github.com/chenhg5/cc-connect/issues/897.',
  check(context) {
    if (!readClaude(context).claude) return undefined;
    const sent = new Map<string, string>();
    for (const answer of context.answers) {
      for (const block of answer.blocks)
        if (block.type === 'reasoning') sent.set(block.signature, block.text);
    }
    for (const [index, message] of context.request.messages.entries()) {
      if (message.role !== 'assistant') continue;
      for (const [blockIndex, block] of message.content.entries()) {
        const reasoning = readReasoningText(block);
        const signature = reasoning?.signature;
        if (typeof signature !== 'string' || signature === '') continue;
        const text = typeof reasoning?.text === 'string' ? reasoning.text : '';
        const sentText = sent.get(signature);
        const valid =
          sentText === undefined
            ? !looksLikeFakeThinkingSignature(signature) ||
              isFakeThinkingSignatureOf({ signature, thinking: text })
            : sentText === text;
        if (!valid)
          return refuse(`messages.${index}.content.${blockIndex}: Invalid signature in thinking block`);
      }
    }
    return undefined;
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
    return refuse(
      `messages.${index}.content.${blockIndex}: thinking or redacted_thinking blocks in the latest assistant ` +
        'message cannot be modified. These blocks must remain as they were in the original response.',
    );
  },
};

/** The answer of the fake a message echoes, found by its tool call ids. */
function findEchoedAnswer(
  message: BedrockRequestMessage,
  context: BedrockRuleContext,
): BedrockRuleContext['answers'][number] | undefined {
  const ids = new Set(
    message.content.flatMap((block) =>
      isRecord(block.toolUse) && typeof block.toolUse.toolUseId === 'string' ? [block.toolUse.toolUseId] : [],
    ),
  );
  return context.answers.find((sent) =>
    sent.blocks.some((block) => block.type === 'tool-use' && ids.has(block.toolUseId)),
  );
}

/** Whether a message echoes (by its tool call ids) an answer the fake sent without reasoning. */
function echoesAnswerWithoutReasoning(message: BedrockRequestMessage, context: BedrockRuleContext): boolean {
  const answer = findEchoedAnswer(message, context);
  return (
    answer !== undefined &&
    !answer.blocks.some((block) => block.type === 'reasoning' || block.type === 'redacted-reasoning')
  );
}

/**
 * The index of the assistant message whose tool calls the request answers (followed by the last message, a
 * user message with `toolResult` blocks), or -1.
 */
function findCurrentToolUseCycle(messages: readonly BedrockRequestMessage[]): number {
  const last = messages.at(-1);
  const before = messages.at(-2);
  const returnsResults = last?.role === 'user' && last.content.some((block) => 'toolResult' in block);
  const madeCalls = before?.role === 'assistant' && before.content.some((block) => 'toolUse' in block);
  return returnsResults && madeCalls ? messages.length - 2 : -1;
}
