/**
 * How a remote server behind OAuth is authorized (the MCP authorization spec: the server's protected-resource
 * metadata names its authorization server, whose metadata the client reads, checking that it names itself as
 * the issuer):
 * - `authorization_code`: a user signs in. The client registers itself (dynamic registration), or names itself
 *   by `clientMetadataUrl` (a client ID metadata document, when the authorization server takes them), or uses
 *   a pre-registered `clientId` (and `clientSecret`); then it asks the host to open the authorization URL
 *   (`onAuthorization` of `connectMcpServers`), with PKCE, and exchanges the code the redirect brings back.
 *   Tokens are refreshed when they expire, and the user is asked again only when that fails, or when the server
 *   asks for more scope.
 * - `client_credentials`: a machine client with a client secret (HTTP Basic), no user.
 * - `private_key_jwt`: a machine client that proves itself with a JWT signed by its private key (PEM).
 */
export type McpAuthConfig =
  | {
      type: 'authorization_code';
      /** Where the authorization server sends the user back, with the code; registered with the client. */
      redirectUrl: string;
      scope?: string;
      /** A pre-registered client: no registration is made. */
      clientId?: string;
      clientSecret?: string;
      /** An https URL serving this client's metadata document, used as its client ID where supported. */
      clientMetadataUrl?: string;
      clientName?: string;
    }
  | { type: 'client_credentials'; clientId: string; clientSecret: string; scope?: string }
  | {
      type: 'private_key_jwt';
      clientId: string;
      /** The private key, PEM (PKCS#8). */
      privateKey: string;
      /** The JWT's signing algorithm. Default `RS256`. */
      algorithm?: string;
      scope?: string;
    };

/** The fields of an `auth` config that are secrets: kept in memory only by a session, never stored. */
export const mcpAuthSecretFields = ['clientSecret', 'privateKey'] as const;

/** A secret field of an `auth` config. */
export type McpAuthSecretField = (typeof mcpAuthSecretFields)[number];
