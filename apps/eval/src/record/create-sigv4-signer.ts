import { LiveSetupError } from './live-setup-error.js';
import type { UnsignedRequest, UpstreamSigner } from './upstream-signer.js';

/** AWS credentials, as the AWS SDK takes them. */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
}

/** The packages a bedrock live run signs with, loaded only then: optional peers of `@toolloop/eval`. */
const signingPackages = [
  '@aws-sdk/credential-provider-node',
  '@smithy/signature-v4',
  '@aws-crypto/sha256-js',
];

/**
 * Signs each request again with AWS SigV4 for the host it goes to, as the AWS SDK does: the credentials are
 * `credentials` when given (the run's `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`), else the AWS credential
 * chain's (`defaultProvider`: the environment, the shared config and credentials files, SSO, the container or
 * instance role). The AWS packages are loaded on the first request, so a run with no bedrock live scenario never
 * loads them.
 */
export function createSigV4Signer({
  region,
  service,
  credentials,
}: {
  region: string;
  service: string;
  credentials?: AwsCredentials | undefined;
}): UpstreamSigner {
  const used = new Set<string>();
  let loaded: Promise<(request: UnsignedRequest) => Promise<Record<string, string>>> | undefined;
  const load = async () => {
    const [{ defaultProvider }, { SignatureV4 }, { Sha256 }] = await Promise.all([
      import('@aws-sdk/credential-provider-node'),
      import('@smithy/signature-v4'),
      import('@aws-crypto/sha256-js'),
    ]).catch((error: unknown) => {
      throw new LiveSetupError(
        `A live run of a bedrock scenario signs its requests with the AWS SDK's signer; install ${signingPackages.join(', ')} (${error instanceof Error ? error.message : String(error)}).`,
      );
    });
    const provider = credentials === undefined ? defaultProvider() : () => Promise.resolve(credentials);
    const signer = new SignatureV4({
      service,
      region,
      sha256: Sha256,
      credentials: async () => {
        const identity = await provider();
        for (const value of [identity.accessKeyId, identity.secretAccessKey, identity.sessionToken])
          if (value !== undefined && value !== '') used.add(value);
        return identity;
      },
    });
    return async ({ method, url, headers, body }: UnsignedRequest) => {
      const signed = await signer.sign({
        method,
        protocol: url.protocol,
        hostname: url.hostname,
        ...(url.port === '' ? {} : { port: Number(url.port) }),
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: { ...headers, host: url.host },
        body,
      });
      return Object.fromEntries(Object.entries(signed.headers).filter(([name]) => name !== 'host'));
    };
  };
  return {
    async prepare() {
      loaded ??= load();
      await loaded;
    },
    async sign(request) {
      loaded ??= load();
      return (await loaded)(request);
    },
    secrets: () => [...used],
  };
}
