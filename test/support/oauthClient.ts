import { createHash, randomBytes } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** Where the test clients say they come back to; the browser test catches the navigation before any connection. */
export const TEST_REDIRECT_URI = 'http://127.0.0.1:9/callback';

/**
 * An MCP client's OAuth state in memory, as the SDK's client asks for it: the registration, the
 * PKCE verifier, the tokens, and the authorization URL it was told to open (a browser opens it).
 */
export class TestOAuthProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  /** What the SDK discovered of the authorization server, kept across the redirect as the verifier is (SEP-2352 checks the code's issuer against it). */
  discovered: OAuthDiscoveryState | undefined;
  /** The sign-in page the SDK sent the user to, once it did. */
  authorizationUrl: URL | undefined;
  readonly stateValue = randomBytes(12).toString('base64url');
  /** The https URL of the client's metadata document, when it is known by one rather than registered. */
  clientMetadataUrl: string | undefined;

  constructor(readonly redirectUrl: string = TEST_REDIRECT_URI) {}

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'tcg-catalog tests', redirect_uris: [this.redirectUrl], grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'], token_endpoint_auth_method: 'none' };
  }

  state(): string {
    return this.stateValue;
  }

  clientInformation() {
    return this.client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.client = client;
  }

  tokens() {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  /** What the SDK drops when the server refuses a grant (a refresh token of a revoked key, say), as a real client would. */
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.saved = undefined;
    if (scope === 'all' || scope === 'client') this.client = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovered = undefined;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovered = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovered;
  }
}

/** A PKCE pair, for driving the endpoints by hand. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
