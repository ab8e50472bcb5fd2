import type * as BedrockSdk from '@aws-sdk/client-bedrock-runtime';
import type { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import type { BedrockProviderOptions } from './bedrock-provider-options.js';

/** The SDK's client and the command this provider sends, loaded when the first request is made. */
export interface BedrockConnection {
  client: BedrockRuntimeClient;
  ConverseStreamCommand: typeof ConverseStreamCommand;
}

/**
 * Loads `@aws-sdk/client-bedrock-runtime` (an optional peer dependency, so only users of this provider need it)
 * and creates a client from the options, unless `options.client` is given. Credentials are the SDK's business:
 * given ones, else its default chain; this provider never reads a key itself.
 */
export async function createBedrockClient(options: BedrockProviderOptions): Promise<BedrockConnection> {
  let sdk: typeof BedrockSdk;
  try {
    sdk = await import('@aws-sdk/client-bedrock-runtime');
  } catch (error) {
    throw new Error(
      "bedrock() needs the AWS SDK's Bedrock client: install @aws-sdk/client-bedrock-runtime next to @toolloop/providers.",
      { cause: error },
    );
  }
  const endpoint = options.endpoint ?? options.baseURL;
  const client =
    options.client ??
    new sdk.BedrockRuntimeClient({
      ...(options.region === undefined ? {} : { region: options.region }),
      ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
      ...(endpoint === undefined ? {} : { endpoint }),
      ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    });
  return { client, ConverseStreamCommand: sdk.ConverseStreamCommand };
}
