import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AccessControl } from '../access/accessControl.js';
import { TOKEN_PREFIX, type AccessTokens, type Sealed } from '../access/accessTokens.js';
import { ClientMetadataDocuments, isDocumentClientId } from './clientMetadataDocuments.js';
import { digest, redirectUriProblem, registeredDigest } from './redirectUris.js';

/**
 * OAuth 2.1 for the MCP endpoint (the MCP authorization spec): public clients registered
 * dynamically or known by a Client ID Metadata Document, the authorization code grant with PKCE (S256 only), refresh tokens rotated on every
 * use. Every grant is sealed (AccessTokens.seal), so nothing but the spent single-use ids is kept
 * (in the access store, shared by every instance);
 * access tokens and refresh tokens are bound to one of our keys and refused once it is revoked.
 * No HTTP here: the routes (routes/oauth*.ts) parse, this decides.
 */

export const CODE_SECONDS = 120;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;
/** How long the sign-in page's form may be sent. */
export const AUTHORIZATION_REQUEST_SECONDS = 1800;
/** A client id is a sealed registration: it lasts as long as a client is likely to keep it. */
const CLIENT_SECONDS = 5 * 365 * 24 * 3600;
export const SCOPE = 'catalog';
/** Where the protected resource metadata of /mcp is published (RFC 9728, path-suffixed form), which the 401's challenge names. */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

export interface ClientMetadata {
  redirect_uris: string[];
  client_name?: string;
}

export interface RegisteredClient extends ClientMetadata {
  client_id: string;
  client_id_issued_at: number;
  token_endpoint_auth_method: 'none';
  grant_types: string[];
  response_types: string[];
}

/** What GET /oauth/authorize asks for, once checked. */
export interface AuthorizationRequest {
  clientId: string;
  clientName: string | undefined;
  redirectUri: string;
  codeChallenge: string;
  state: string | undefined;
}

/** The way back to a known client with its redirect URI, for a link the user follows (never a redirect of ours). */
export interface ClientLink {
  clientName: string | undefined;
  redirectUri: string;
  /** The redirect URI with the error, the state and our issuer. */
  href: string;
}

/** An OAuth error (RFC 6749 section 5.2 and 4.1.2.1): its code and a sentence. */
export interface OAuthError {
  error: string;
  error_description: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: OAuthError };

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

const fail = (error: string, description: string): { ok: false; problem: OAuthError } => ({ ok: false, problem: { error, error_description: description } });
const randomId = () => randomBytes(16).toString('base64url');
const s256 = digest;
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export class OAuthService {
  constructor(
    private readonly access: AccessControl,
    private readonly publicBaseUrl: string,
    private readonly documents: ClientMetadataDocuments,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The resource the tokens are for (RFC 8707, RFC 9728's `resource`). */
  get resource(): string {
    return `${this.publicBaseUrl}/mcp`;
  }

  async register(metadata: ClientMetadata): Promise<Checked<RegisteredClient>> {
    if (metadata.redirect_uris.length === 0) return fail('invalid_redirect_uri', 'give at least one redirect URI');
    for (const uri of metadata.redirect_uris) {
      const problem = redirectUriProblem(uri);
      if (problem) return fail('invalid_redirect_uri', problem);
    }
    const now = this.nowSeconds();
    // Digests, not the URIs: a client id stays short however long its redirect URIs are.
    const client_id = (await this.tokens()).seal({ kind: 'client', exp: now + CLIENT_SECONDS, ru: metadata.redirect_uris.map(registeredDigest), n: metadata.client_name });
    return {
      ok: true,
      value: {
        client_id, client_id_issued_at: now, redirect_uris: metadata.redirect_uris,
        ...(metadata.client_name === undefined ? {} : { client_name: metadata.client_name }),
        token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
      },
    };
  }

  /**
   * Checks an authorization request. Every problem is shown to the user on our page, never
   * redirected (RFC 9700 section 4.11: no redirect to a URI before the user has acted on our page);
   * once the client and its redirect URI are known good, the page names the client and links back
   * to it with the error (`back`), for the user to follow.
   */
  async checkAuthorization(query: Record<string, string | undefined>): Promise<Checked<AuthorizationRequest> & { back?: ClientLink }> {
    if (query.client_id === undefined) return fail('invalid_client', 'the request names no client (client_id)');
    const client = await this.client(query.client_id);
    if (!client.ok) return client;
    const { registered, clientName } = client.value;
    if (query.redirect_uri === undefined || redirectUriProblem(query.redirect_uri) !== undefined || !registered.includes(registeredDigest(query.redirect_uri))) {
      return fail('invalid_request', 'the redirect_uri is not one this application registered');
    }
    const redirectUri = query.redirect_uri;
    const refused = (error: string, description: string) => ({
      ...fail(error, description),
      back: { clientName, redirectUri, href: this.refuse({ redirectUri, state: query.state }, { error, error_description: description }) },
    });
    if (query.response_type !== 'code') return refused('unsupported_response_type', 'response_type must be code');
    if (query.code_challenge_method !== 'S256') return refused('invalid_request', 'code_challenge_method must be S256 (PKCE)');
    if (query.code_challenge === undefined || !CHALLENGE.test(query.code_challenge)) {
      return refused('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier');
    }
    if (query.resource !== undefined && query.resource !== this.resource) return refused('invalid_target', `resource must be ${this.resource}`);
    return {
      ok: true,
      value: {
        clientId: query.client_id!, clientName, redirectUri,
        codeChallenge: query.code_challenge, state: query.state,
      },
    };
  }

  /** A client by its id: a registration of ours (sealed), or the URL of its metadata document (fetched). */
  private async client(clientId: string): Promise<Checked<{ registered: string[]; clientName: string | undefined }>> {
    if (isDocumentClientId(clientId)) {
      const document = await this.documents.client(clientId);
      if (!document.ok) return fail('invalid_client', document.problem);
      return { ok: true, value: { registered: document.client.redirectUris.map(registeredDigest), clientName: document.client.clientName } };
    }
    const sealed = (await this.tokens()).open(clientId, 'client');
    if (!sealed) return fail('invalid_client', 'this application is not registered here (unknown client_id); ask it to register again');
    return { ok: true, value: { registered: sealed.ru as string[], clientName: typeof sealed.n === 'string' ? sealed.n : undefined } };
  }

  /** The sign-in form's sealed copy of the request, bound to `csrf` (the browser's cookie). */
  async sealRequest(request: AuthorizationRequest, csrf: string): Promise<string> {
    return (await this.tokens()).seal({ kind: 'authorization', exp: this.nowSeconds() + AUTHORIZATION_REQUEST_SECONDS, request, csrf });
  }

  /** The request the form was made for, if it is ours, unexpired, and `csrf` is the one it was bound to. */
  async openRequest(sealed: string, csrf: string | undefined): Promise<AuthorizationRequest | null> {
    const opened = (await this.tokens()).open(sealed, 'authorization');
    if (!opened || typeof opened.csrf !== 'string' || csrf === undefined || !sameText(opened.csrf, csrf)) return null;
    return opened.request as AuthorizationRequest;
  }

  /** The URL the browser goes back to with a code for the key of `keyHash` (and the state, and our issuer). */
  async approve(request: AuthorizationRequest, keyHash: string): Promise<string> {
    const code = (await this.tokens()).seal({
      kind: 'code', exp: this.nowSeconds() + CODE_SECONDS, jti: randomId(), kh: keyHash,
      cid: digest(request.clientId), ru: digest(request.redirectUri), cc: request.codeChallenge,
    });
    return redirectWith(request.redirectUri, { code, state: request.state, iss: this.publicBaseUrl });
  }

  /** The redirect URI, with what tells the client why it got no code. */
  refuse(request: { redirectUri: string; state: string | undefined }, problem: OAuthError): string {
    return redirectWith(request.redirectUri, { ...problem, state: request.state, iss: this.publicBaseUrl });
  }

  /**
   * A code for its tokens, once. A replay (RFC 6749 section 4.1.2) ends the grant: the tokens
   * issued for the code stop working on every instance.
   */
  async exchangeCode(params: Record<string, string | undefined>): Promise<Checked<TokenAnswer>> {
    const code = params.code === undefined ? null : (await this.tokens()).open(params.code, 'code');
    if (!code) return fail('invalid_grant', 'the code is not valid or has expired');
    if (params.client_id === undefined || digest(params.client_id) !== code.cid) return fail('invalid_grant', 'client_id must be the client the code was issued to');
    if (params.redirect_uri === undefined || digest(params.redirect_uri) !== code.ru) return fail('invalid_grant', 'redirect_uri must be the one the code was issued for');
    if (params.code_verifier === undefined || !VERIFIER.test(params.code_verifier) || !sameText(s256(params.code_verifier), code.cc as string)) {
      return fail('invalid_grant', 'the code_verifier does not match the code_challenge');
    }
    // The code's id is its grant's: every token issued from it carries it.
    const grantId = code.jti as string;
    if (!await this.spend(code)) {
      await this.endGrant(grantId);
      return fail('invalid_grant', 'the code was already used; the tokens issued for it are revoked');
    }
    return this.tokensFor(code.kh as string, code.cid as string, grantId);
  }

  /**
   * A refresh token for new tokens, once (rotation). A refresh token that comes back after it was
   * used ends its grant (RFC 9700 section 4.14.2): every token of the sign-in stops working.
   */
  async refresh(params: Record<string, string | undefined>): Promise<Checked<TokenAnswer>> {
    const grant = params.refresh_token === undefined ? null : (await this.tokens()).open(params.refresh_token, 'refresh');
    if (!grant || typeof grant.gid !== 'string') return fail('invalid_grant', 'the refresh token is not valid or has expired');
    if (params.client_id === undefined || digest(params.client_id) !== grant.cid) return fail('invalid_grant', 'client_id must be the client the refresh token was issued to');
    if (await this.access.isGrantEnded(grant.gid)) return fail('invalid_grant', 'this sign-in was ended (a token was reused or revoked); sign in again');
    if (!await this.spend(grant)) {
      await this.endGrant(grant.gid);
      return fail('invalid_grant', 'the refresh token was already used; every token of this sign-in is revoked');
    }
    return this.tokensFor(grant.kh as string, grant.cid as string, grant.gid);
  }

  /**
   * Token revocation (RFC 7009) for a client that signs out: an access or refresh token of ours ends
   * its whole grant (the sign-in's every token, on every instance within a second). A token that is
   * not (or no longer) valid is no error; one issued to another client than `client_id` is refused.
   */
  async revoke(params: Record<string, string | undefined>): Promise<Checked<null>> {
    const tokens = await this.tokens();
    const text = params.token ?? '';
    const grant = text.startsWith(TOKEN_PREFIX) ? tokens.openAccessToken(text) : asRefresh(tokens.open(text, 'refresh'));
    if (grant === null) return { ok: true, value: null };
    if (params.client_id !== undefined && digest(params.client_id) !== grant.client) {
      return fail('invalid_client', 'this token was not issued to this client_id');
    }
    await this.endGrant(grant.grantId);
    return { ok: true, value: null };
  }

  /** Ends a grant until the last token it may have issued (a refresh token of now) has expired. */
  endGrant(grantId: string): Promise<void> {
    return this.access.endGrant(grantId, this.nowSeconds() + REFRESH_TOKEN_SECONDS);
  }

  /** `client`: the digest of the client id; `grantId`: the sign-in's. */
  private async tokensFor(keyHash: string, client: string, grantId: string): Promise<Checked<TokenAnswer>> {
    if (!await this.access.isActiveKeyHash(keyHash)) return fail('invalid_grant', 'the key this sign-in was for has been revoked');
    const tokens = await this.tokens();
    const access = tokens.issueAccessToken(keyHash, grantId, client);
    const refresh_token = tokens.seal({
      kind: 'refresh', exp: this.nowSeconds() + REFRESH_TOKEN_SECONDS, jti: randomId(), kh: keyHash, cid: client, gid: grantId,
    });
    return { ok: true, value: { access_token: access.token, token_type: 'Bearer', expires_in: access.expiresIn, refresh_token, scope: SCOPE } };
  }

  /** Single use, on every instance: the access store remembers the grant's id until it expires. */
  private spend(grant: Sealed): Promise<boolean> {
    return this.access.spendGrant(`${grant.kind}:${grant.jti as string}`, grant.exp);
  }

  private tokens(): Promise<AccessTokens> {
    return this.access.tokens();
  }

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }
}

function asRefresh(sealed: Sealed | null): { grantId: string; client: string } | null {
  return sealed !== null && typeof sealed.gid === 'string' && typeof sealed.cid === 'string' ? { grantId: sealed.gid, client: sealed.cid } : null;
}

function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

function redirectWith(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
