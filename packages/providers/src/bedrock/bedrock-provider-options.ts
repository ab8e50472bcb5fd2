import type { BedrockRuntimeClient, BedrockRuntimeClientConfig } from '@aws-sdk/client-bedrock-runtime';
import type { ThinkingSettings } from '@toolloop/core';
import type { BedrockCapabilities } from './bedrock-capabilities.js';

/** Options of `bedrock()`: the model, where and as whom to call it, and request defaults. */
export interface BedrockProviderOptions {
  /**
   * A Bedrock model id or inference profile id, such as `us.anthropic.claude-sonnet-4-5-20250929-v1:0` or
   * `amazon.nova-pro-v1:0` (an inference profile's ARN works too).
   */
  model: string;
  /** The AWS region; default: the SDK's (`AWS_REGION`, the profile's region). Ignored with `client`. */
  region?: string;
  /**
   * AWS credentials (or a provider of them); default: the SDK's default credential chain (environment,
   * shared profiles, SSO, container and instance roles). Ignored with `client`.
   */
  credentials?: BedrockRuntimeClientConfig['credentials'];
  /** Another endpoint than the region's (a VPC endpoint, a proxy, a local fake). Ignored with `client`. */
  endpoint?: string;
  /** The same as `endpoint`, by the name the other providers use. */
  baseURL?: string;
  /** The output limit (`inferenceConfig.maxTokens`) for requests that set none; default the model's. */
  maxTokens?: number;
  /** Thinking for requests that set none. Default: none sent, so the model keeps its default. */
  thinking?: ThinkingSettings;
  /** What the model accepts, over the catalogue's (see `BedrockCapabilities`). */
  capabilities?: Partial<BedrockCapabilities>;
  /** Attempts of the SDK (its retry strategy: throttling, 5xx and connection errors). Default 3. Ignored with `client`. */
  maxAttempts?: number;
  /** A client to use instead of creating one; `region`, `credentials`, `endpoint` and `maxAttempts` are then its own. */
  client?: BedrockRuntimeClient;
}
