import { isRecord } from '../../internal/is-record.js';
import { resolveRequestModel } from '../../models/resolve-request-model.js';
import { toBedrockBaseModelId } from '@toolloop/models';
import type { RuleRefusal } from '../../rules/fake-llm-rule.js';
import type { BedrockRequestMessage } from '../bedrock-request-body.js';
import type { BedrockRuleContext } from './bedrock-rule.js';

/** How Bedrock starts the errors of Claude's own validation that it relays. */
export const modelErrorsPrefix = 'The model returned the following errors: ';

/**
 * Whether the request goes to a Claude model (Bedrock relays the Messages API's checks for those), and whether
 * that model thinks on it (`additionalModelRequestFields.thinking` on, or a model that thinks by default).
 */
export function readClaude(context: BedrockRuleContext): { claude: boolean; thinks: boolean } {
  const model = resolveRequestModel({
    api: 'bedrock-converse',
    id: context.request.modelId,
    scriptModels: context.scriptModels,
  });
  const claude = toBedrockBaseModelId(context.request.modelId).startsWith('anthropic.claude');
  return { claude, thinks: context.request.thinking !== undefined || model?.thinksByDefault === true };
}

/** A block's `reasoningContent.reasoningText`, when it is one. */
export function readReasoningText(block: Record<string, unknown>): Record<string, unknown> | undefined {
  const reasoning = block.reasoningContent;
  if (!isRecord(reasoning) || !isRecord(reasoning.reasoningText)) return undefined;
  return reasoning.reasoningText;
}

/** A 400 ValidationException with Bedrock's message. */
export function refuseWith(message: string): RuleRefusal {
  return { status: 400, type: 'ValidationException', message };
}

/** The answer of the fake a message echoes, found by its tool call ids. */
export function findEchoedAnswer(
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

/**
 * The index of the assistant message whose tool calls the request answers (followed by the last message, a
 * user message with `toolResult` blocks), or -1.
 */
export function findCurrentToolUseCycle(messages: readonly BedrockRequestMessage[]): number {
  const last = messages.at(-1);
  const before = messages.at(-2);
  const returnsResults = last?.role === 'user' && last.content.some((block) => 'toolResult' in block);
  const madeCalls = before?.role === 'assistant' && before.content.some((block) => 'toolUse' in block);
  return returnsResults && madeCalls ? messages.length - 2 : -1;
}
