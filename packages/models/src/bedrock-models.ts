import { anthropicModels } from './anthropic-models.js';
import type { CatalogueModel } from './catalogue-model.js';

/**
 * The Claude models Bedrock serves, by their Bedrock model id, each with the figures of the Anthropic model it
 * is (the Anthropic catalogue's entry): Bedrock relays the Messages API's thinking and structured output for
 * them (`additionalModelRequestFields.thinking`, `outputConfig.textFormat`). Ids from Bedrock's model cards
 * (https://docs.aws.amazon.com/bedrock/latest/userguide/model-ids.html and the model card of each, such as
 * https://docs.aws.amazon.com/bedrock/latest/userguide/model-card-anthropic-claude-opus-4-7.html). A request
 * names one of these, or a cross-region inference profile: the id with a geography in front
 * (`us.`, `eu.`, `apac.`, `global.`, …), found by `findCatalogueModel` as the id it routes to.
 */
const claudeOnBedrock: readonly { id: string; anthropicId: string }[] = [
  { id: 'anthropic.claude-opus-4-7', anthropicId: 'claude-opus-4-7' },
  { id: 'anthropic.claude-opus-4-6-v1', anthropicId: 'claude-opus-4-6' },
  { id: 'anthropic.claude-sonnet-4-6', anthropicId: 'claude-sonnet-4-6' },
  { id: 'anthropic.claude-opus-4-5-20251101-v1:0', anthropicId: 'claude-opus-4-5-20251101' },
  { id: 'anthropic.claude-haiku-4-5-20251001-v1:0', anthropicId: 'claude-haiku-4-5-20251001' },
  { id: 'anthropic.claude-sonnet-4-5-20250929-v1:0', anthropicId: 'claude-sonnet-4-5-20250929' },
];

/**
 * Other families Bedrock serves through Converse, which take no thinking and no output schema there. Figures
 * from their Bedrock model cards: Amazon Nova (https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html:
 * 300K context for Pro and Lite, 128K for Micro, 10K output), Meta Llama 3.3 70B and Mistral Large 2 (128K
 * context, 8,192 output, https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters.html).
 */
const otherModels: readonly CatalogueModel[] = [
  other({ id: 'amazon.nova-pro-v1:0', contextWindow: 300_000, maxOutputTokens: 10_000 }),
  other({ id: 'amazon.nova-lite-v1:0', contextWindow: 300_000, maxOutputTokens: 10_000 }),
  other({ id: 'amazon.nova-micro-v1:0', contextWindow: 128_000, maxOutputTokens: 10_000 }),
  other({ id: 'meta.llama3-3-70b-instruct-v1:0', contextWindow: 128_000, maxOutputTokens: 8192 }),
  other({ id: 'mistral.mistral-large-2407-v1:0', contextWindow: 128_000, maxOutputTokens: 8192 }),
];

/** The models Bedrock's Converse API serves, as the catalogue lists them (`api: 'bedrock-converse'`). */
export const bedrockModels: readonly CatalogueModel[] = [
  ...claudeOnBedrock.map(({ id, anthropicId }) => {
    const claude = anthropicModels.find((model) => model.id === anthropicId);
    if (claude === undefined) throw new Error(`The Anthropic catalogue has no ${anthropicId}.`);
    // Bedrock has no 1M-context beta header; the figures are the model's own.
    const { longContext: _beta, ...figures } = claude;
    return { ...figures, id, api: 'bedrock-converse' as const };
  }),
  ...otherModels,
];

/** The geography prefixes of Bedrock's cross-region inference profiles. */
const inferenceProfilePrefix = /^(?:us|eu|apac|global|jp|au|ca|us-gov)\./u;

/** The model id a Bedrock model id or cross-region inference profile id names (`us.anthropic.…` → `anthropic.…`). */
export function toBedrockBaseModelId(id: string): string {
  return id.replace(inferenceProfilePrefix, '');
}

function other(options: { id: string; contextWindow: number; maxOutputTokens: number }): CatalogueModel {
  return {
    ...options,
    api: 'bedrock-converse',
    thinking: 'none',
    thinksByDefault: false,
    structuredOutput: false,
    minCacheableTokens: 0,
  };
}
