import { scenarioProviders } from '../run/scenario-providers.js';
import { createSigV4Signer } from './create-sigv4-signer.js';
import type { ProxyUpstream } from './start-model-proxy.js';

// `bedrock-runtime.us-west-2.amazonaws.com`, `bedrock-runtime-fips.us-east-1.amazonaws.com`.
const bedrockHost = /^bedrock-runtime(?:-fips)?\.([a-z0-9-]+)\.amazonaws\.com(?:\.cn)?$/u;

/**
 * Where a bedrock scenario's live requests go, each signed again (AWS SigV4, service `bedrock`) for that host:
 * the `baseURL` option, else `BEDROCK_BASE_URL`, else the region's endpoint. The region is the endpoint's, else
 * `AWS_REGION` (or `AWS_DEFAULT_REGION`), else us-east-1. The credentials are `AWS_ACCESS_KEY_ID` and
 * `AWS_SECRET_ACCESS_KEY` (with `AWS_SESSION_TOKEN`) when the run's environment has them, else the AWS credential
 * chain's, resolved at the first request.
 */
export function resolveBedrockUpstream({
  baseURL,
  env,
}: {
  baseURL: string | undefined;
  env: Record<string, string | undefined>;
}): ProxyUpstream & { keys: string[] } {
  const setting = scenarioProviders.bedrock.live;
  const named = env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  const url =
    baseURL ??
    env[setting.urlVariable] ??
    (named === undefined ? setting.defaultURL : `https://bedrock-runtime.${named}.amazonaws.com`);
  const region = bedrockHost.exec(new URL(url).hostname)?.[1] ?? named ?? 'us-east-1';
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  const sessionToken = env.AWS_SESSION_TOKEN;
  const credentials =
    accessKeyId === undefined || accessKeyId === '' || secretAccessKey === undefined || secretAccessKey === ''
      ? undefined
      : { accessKeyId, secretAccessKey, ...(sessionToken === undefined ? {} : { sessionToken }) };
  return {
    baseURL: url,
    authHeaders: {},
    signer: createSigV4Signer({ region, service: 'bedrock', credentials }),
    keys: credentials === undefined ? [] : Object.values(credentials).filter((value) => value !== ''),
  };
}
