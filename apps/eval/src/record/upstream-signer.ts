/** What the live proxy signs: a request as it goes to the API, its body's bytes, its headers as they are sent. */
export interface UnsignedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Uint8Array;
}

/**
 * Signs a request the live proxy forwards, for an API whose requests are signed for the host they go to (Bedrock,
 * AWS SigV4): the agent signed for the proxy, so the proxy signs again for the API.
 */
export interface UpstreamSigner {
  /** Loads what signing needs, so that a run can fail before anything runs: a `LiveSetupError` when it cannot. */
  prepare(): Promise<void>;
  /** The headers to send on top of the request's own (`authorization`, `x-amz-date`, …). */
  sign(request: UnsignedRequest): Promise<Record<string, string>>;
  /** The credential values signed with so far, so that no recording or report holds them. */
  secrets(): readonly string[];
}
