import cookie from '@fastify/cookie';
import formBody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { AccessControl } from '../access/accessControl.js';
import { hashKey } from '../access/keyFormat.js';
import { failureOf } from '../edge/failures.js';
import { showPagePolicy, signInPageSecurity } from '../edge/securityHeaders.js';
import { trimEmail } from '../edge/keyRequest.js';
import { validationMessage } from '../edge/validation.js';
import { AUTHORIZATION_REQUEST_SECONDS, OAuthService, type AuthorizationRequest, type Checked, type TokenAnswer } from '../oauth/oauthService.js';
import { ClientMetadataDocuments } from '../oauth/clientMetadataDocuments.js';
import { formActionSource } from '../oauth/redirectUris.js';
import { renderNewKeyPage, renderProblemPage, renderSignInPage } from '../oauth/signInPage.js';
import { keyCreationOutcome, type ServiceMetrics } from '../metrics/serviceMetrics.js';
import { KeyRequestBody } from '../schemas/keys.js';
import {
  AuthorizeForm, AuthorizeQuery, ClientRegistrationRequest, OAuthErrorBody, RegisteredClientBody, RevocationRequest, TokenBody, TokenRequest,
} from '../schemas/oauth.js';
import { compileJsonValidator } from '../schemas/validator.js';

const CSRF_COOKIE = 'tcg_oauth_csrf';
const validKeyRequest = compileJsonValidator(KeyRequestBody);

export interface OAuthRoutesOptions {
  access: AccessControl;
  metrics: ServiceMetrics;
  publicBaseUrl: string;
  now: () => Date;
  /** Whether client metadata documents may be fetched from private and loopback addresses (OAUTH_CLIENT_METADATA_PRIVATE_ADDRESSES). */
  clientMetadataPrivateAddresses: boolean;
}

/**
 * OAuth 2.1's endpoints for MCP clients (oauth/oauthService.ts decides): dynamic registration, the
 * sign-in page (a key you have, or a free one by email under POST /v1/keys's rules; a request it
 * cannot take is explained there, never redirected), the token endpoint and revocation. The
 * sign-in form is bound to a cookie (CSRF) and the page may not be framed.
 */
export const oauthRoutes: FastifyPluginAsyncTypebox<OAuthRoutesOptions> = async (app, {
  access, metrics, publicBaseUrl, now, clientMetadataPrivateAddresses,
}) => {
  const documents = new ClientMetadataDocuments({ allowPrivateAddresses: clientMetadataPrivateAddresses });
  const oauth = new OAuthService(access, publicBaseUrl, documents, now);
  const secureCookie = publicBaseUrl.startsWith('https:');
  // A repeated field keeps its last value: the schemas take one string per field.
  await app.register(formBody, { parser: (body) => Object.fromEntries(new URLSearchParams(body)) });
  await app.register(cookie);
  // OAuth's clients read {error, error_description}: a body the schema refuses is an invalid_request.
  app.setErrorHandler((error, _request, reply) => {
    const failure = failureOf(error);
    if (failure.status !== 400) throw error;
    return oauthError(reply, 400, { error: 'invalid_request', error_description: failure.message });
  });

  app.post('/oauth/register', {
    schema: {
      operationId: 'registerOAuthClient', tags: ['oauth'], security: [],
      summary: 'Register an OAuth client (RFC 7591)',
      description: 'Public clients only (no secret): the client_id returned is used with PKCE.',
      body: ClientRegistrationRequest,
      response: { 201: RegisteredClientBody, 400: OAuthErrorBody },
    },
  }, async (request, reply) => {
    const registered = await oauth.register({ redirect_uris: request.body.redirect_uris, client_name: request.body.client_name });
    if (!registered.ok) return oauthError(reply, 400, registered.problem);
    return reply.code(201).header('Cache-Control', 'no-store').send(registered.value);
  });

  app.get('/oauth/authorize', {
    schema: {
      operationId: 'authorizeOAuthClient', tags: ['oauth'], security: [],
      summary: 'The sign-in page (authorization code with PKCE S256)',
      description: 'An HTML page: sign in with a key, or get a free one by email; then the browser goes back to the ' +
        'redirect URI with a code and the state.',
      querystring: AuthorizeQuery,
      response: { 200: { description: 'The sign-in page (HTML).' },
        400: { description: 'What is wrong with the request, and a link back to the client when it and its redirect URI are known (HTML).' } },
    },
  }, async (request, reply) => {
    const checked = await oauth.checkAuthorization(request.query as Record<string, string | undefined>);
    if (!checked.ok) return sendPage(reply, 400, renderProblemPage(checked.problem.error_description, checked.back));
    const csrf = randomBytes(18).toString('base64url');
    reply.setCookie(CSRF_COOKIE, csrf, { path: '/oauth', httpOnly: true, sameSite: 'strict', maxAge: AUTHORIZATION_REQUEST_SECONDS, secure: secureCookie });
    return sendPage(reply, 200, signIn(await oauth.sealRequest(checked.value, csrf), checked.value), checked.value.redirectUri);
  });

  app.post('/oauth/authorize', {
    schema: {
      operationId: 'approveOAuthClient', tags: ['oauth'], security: [],
      summary: 'The sign-in form (sent by the page)',
      body: AuthorizeForm,
      response: { 200: { description: 'The new key, and the way back (HTML).' }, 303: { description: 'Back to the client with a code.' },
        400: { description: 'The key or email was refused (HTML).' }, 403: { description: 'The form was not sent from its page (HTML).' } },
    },
  }, async (request, reply) => {
    const form = request.body;
    const authorization = await oauth.openRequest(form.request, request.cookies[CSRF_COOKIE]);
    if (!authorization) {
      return sendPage(reply, 403, renderProblemPage('this form has expired or was not sent from its own page; go back to the application and connect again'));
    }
    const again = (status: number, problem: string, email?: string) =>
      sendPage(reply, status, signIn(form.request, authorization, problem, email), authorization.redirectUri);
    if (form.key !== undefined) {
      const keyHash = await access.activeKeyHash(form.key.trim());
      if (keyHash === null) return again(400, 'this key is not valid (unknown or revoked); check it, or get a free key below');
      return reply.redirect(await oauth.approve(authorization, keyHash), 303);
    }
    const keyRequest = { email: form.email ?? '', source: 'oauth' };
    trimEmail(keyRequest);
    const email = keyRequest.email;
    if (!validKeyRequest(keyRequest)) {
      metrics.keyCreation('oauth', 'invalid');
      return again(400, validationMessage(validKeyRequest.errors ?? [], 'body'), email);
    }
    const created = await access.createKey(keyRequest, request.ip);
    const outcome = keyCreationOutcome(created.ok ? 201 : created.status);
    if (outcome) metrics.keyCreation('oauth', outcome);
    if (!created.ok) return again(created.status, created.message, keyRequest.email);
    const back = await oauth.approve(authorization, hashKey(created.created.key));
    return sendPage(reply, 200, renderNewKeyPage(created.created.key, back, authorization.clientName), authorization.redirectUri);
  });

  app.post('/oauth/token', {
    schema: {
      operationId: 'issueOAuthToken', tags: ['oauth'], security: [],
      summary: 'Exchange a code, or a refresh token, for an access token',
      description: 'application/x-www-form-urlencoded (RFC 6749). The access token lasts an hour and counts on its key\'s monthly ' +
        'quota; the refresh token works once and comes back renewed; both die when the key is revoked.',
      body: TokenRequest,
      response: { 200: TokenBody, 400: OAuthErrorBody },
    },
  }, async (request, reply) => {
    const params = request.body as Record<string, string | undefined>;
    let answer: Checked<TokenAnswer>;
    if (params.grant_type === 'authorization_code') answer = await oauth.exchangeCode(params);
    else if (params.grant_type === 'refresh_token') answer = await oauth.refresh(params);
    else return oauthError(reply, 400, { error: 'unsupported_grant_type', error_description: 'grant_type must be authorization_code or refresh_token' });
    if (!answer.ok) return oauthError(reply, 400, answer.problem);
    return reply.header('Cache-Control', 'no-store').send(answer.value);
  });

  app.post('/oauth/revoke', {
    schema: {
      operationId: 'revokeOAuthToken', tags: ['oauth'], security: [],
      summary: 'Revoke a token (RFC 7009): the client signs out',
      description: 'application/x-www-form-urlencoded. An access or refresh token ends its whole sign-in: every token of it stops ' +
        'working on every instance within a second. A token that is not (or no longer) valid is answered 200 as well.',
      body: RevocationRequest,
      response: { 200: { description: 'Revoked, or nothing to revoke.' }, 400: OAuthErrorBody },
    },
  }, async (request, reply) => {
    const revoked = await oauth.revoke(request.body as Record<string, string | undefined>);
    if (!revoked.ok) return oauthError(reply, 400, revoked.problem);
    return reply.code(200).header('Cache-Control', 'no-store').send();
  });
};

function signIn(sealed: string, request: AuthorizationRequest, problem?: string, email?: string): string {
  return renderSignInPage({ request: sealed, clientName: request.clientName, redirectUri: request.redirectUri, problem, email });
}

function oauthError(reply: FastifyReply, status: number, problem: { error: string; error_description: string }): FastifyReply {
  return reply.code(status).header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(problem);
}

/**
 * A sign-in page: never cached, and helmet's headers again with the sign-in page's policy (never
 * framed, no script; its forms may send the browser to our own paths and on to the client's
 * redirect URI only). Only these answers of the routes are pages: a redirect or a JSON error keeps
 * every answer's policy.
 */
function sendPage(reply: FastifyReply, status: number, html: string, redirectUri?: string): FastifyReply {
  showPagePolicy(reply, signInPageSecurity(redirectUri ? [formActionSource(redirectUri)] : []));
  return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
}
