import { Type, type Static } from '@sinclair/typebox';
import { sealedLength } from '../access/accessTokens.js';
import { MAX_REDIRECT_URI_LENGTH, MAX_REDIRECT_URIS } from '../vocabulary/redirectUriLimits.js';

/** The shapes of OAuth's endpoints (RFC 9728, RFC 8414, RFC 7591, RFC 6749), for validation and OpenAPI. */

export const ProtectedResourceMetadata = Type.Object({
  resource: Type.String({ description: 'The MCP endpoint the tokens are for.' }),
  authorization_servers: Type.Array(Type.String(), { description: 'Issuers whose tokens it takes (this service).' }),
  bearer_methods_supported: Type.Array(Type.String()),
  scopes_supported: Type.Array(Type.String()),
  resource_name: Type.String(),
  resource_documentation: Type.String(),
}, { title: 'ProtectedResourceMetadata' });

export const AuthorizationServerMetadata = Type.Object({
  issuer: Type.String(),
  authorization_endpoint: Type.String(),
  token_endpoint: Type.String(),
  registration_endpoint: Type.String(),
  revocation_endpoint: Type.String(),
  revocation_endpoint_auth_methods_supported: Type.Array(Type.String()),
  scopes_supported: Type.Array(Type.String()),
  response_types_supported: Type.Array(Type.String()),
  response_modes_supported: Type.Array(Type.String()),
  grant_types_supported: Type.Array(Type.String()),
  token_endpoint_auth_methods_supported: Type.Array(Type.String()),
  code_challenge_methods_supported: Type.Array(Type.String()),
  authorization_response_iss_parameter_supported: Type.Boolean(),
  client_id_metadata_document_supported: Type.Boolean(),
  service_documentation: Type.String(),
}, { title: 'AuthorizationServerMetadata' });

const MAX_CLIENT_NAME_LENGTH = 200;

export const ClientRegistrationRequest = Type.Object({
  redirect_uris: Type.Array(Type.String({ maxLength: MAX_REDIRECT_URI_LENGTH }), {
    minItems: 1, maxItems: MAX_REDIRECT_URIS,
    description: 'Where codes may be sent: https, http on 127.0.0.1 or [::1] (any port), or a private-use scheme in reverse-domain form; compared exactly.',
  }),
  client_name: Type.Optional(Type.String({ maxLength: MAX_CLIENT_NAME_LENGTH })),
  token_endpoint_auth_method: Type.Optional(Type.Literal('none', { description: 'Public clients only.' })),
}, { title: 'ClientRegistrationRequest', additionalProperties: true });
export type ClientRegistrationRequest = Static<typeof ClientRegistrationRequest>;

/** A Client ID Metadata Document, as far as this service reads it (the rest of its fields are the client's). */
export const ClientMetadataDocument = Type.Object({
  client_id: Type.String({ description: 'The document\'s own URL.' }),
  redirect_uris: Type.Array(Type.String({ maxLength: MAX_REDIRECT_URI_LENGTH }), { minItems: 1, maxItems: MAX_REDIRECT_URIS }),
  client_name: Type.Optional(Type.String({ maxLength: MAX_CLIENT_NAME_LENGTH })),
  token_endpoint_auth_method: Type.Optional(Type.Literal('none', { description: 'Public clients only.' })),
}, { title: 'ClientMetadataDocument', additionalProperties: true });
export type ClientMetadataDocument = Static<typeof ClientMetadataDocument>;

export const RegisteredClientBody = Type.Object({
  client_id: Type.String(),
  client_id_issued_at: Type.Integer(),
  redirect_uris: Type.Array(Type.String()),
  client_name: Type.Optional(Type.String()),
  token_endpoint_auth_method: Type.String(),
  grant_types: Type.Array(Type.String()),
  response_types: Type.Array(Type.String()),
}, { title: 'RegisteredClient' });

export const OAuthErrorBody = Type.Object({
  error: Type.String({ description: 'The OAuth error code (invalid_grant, invalid_request, …).' }),
  error_description: Type.Optional(Type.String()),
}, { title: 'OAuthError' });

/** The longest value of a field of OAuth's requests (a client id is at most about 2,300 characters: it holds digests, not URIs). */
const TEXT_LENGTH = 4000;
const MAX_STATE_LENGTH = 1000;
/**
 * The sign-in form's sealed request holds a client id, a redirect URI, a state (JSON writes a
 * character in at most 6 bytes) and a PKCE challenge; so every request the page accepted fits.
 */
const SEALED_REQUEST_LENGTH = sealedLength(TEXT_LENGTH + MAX_REDIRECT_URI_LENGTH + 6 * MAX_STATE_LENGTH + 400);
const text = (description: string, maxLength = TEXT_LENGTH) => Type.Optional(Type.String({ maxLength, description }));

export const AuthorizeQuery = Type.Object({
  response_type: text('code'),
  client_id: text('From POST /oauth/register, or the https URL of the client\'s metadata document.'),
  redirect_uri: text('One of the client\'s registered redirect URIs, exactly.'),
  code_challenge: text('base64url SHA-256 of the code verifier (PKCE).'),
  code_challenge_method: text('S256'),
  state: text('Sent back with the code.', MAX_STATE_LENGTH),
  scope: text('Ignored: one scope, catalog.'),
  resource: text('The MCP endpoint (RFC 8707), if given.'),
}, { additionalProperties: true });
export type AuthorizeQuery = Static<typeof AuthorizeQuery>;

export const AuthorizeForm = Type.Object({
  request: Type.String({ maxLength: SEALED_REQUEST_LENGTH, description: 'The sealed request the sign-in page holds.' }),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  key: Type.Optional(Type.String({ maxLength: 200 })),
}, { additionalProperties: false });
export type AuthorizeForm = Static<typeof AuthorizeForm>;

export const TokenRequest = Type.Object({
  grant_type: text('authorization_code or refresh_token.'),
  code: text('From the redirect.'),
  code_verifier: text('The PKCE verifier.'),
  redirect_uri: text('The redirect URI the code was sent to.'),
  client_id: text('The client the grant was issued to.'),
  refresh_token: text('A refresh token; each works once.'),
  resource: text('The MCP endpoint, if given.'),
  scope: text('Ignored.'),
}, { additionalProperties: true });
export type TokenRequest = Static<typeof TokenRequest>;

export const RevocationRequest = Type.Object({
  token: Type.String({ maxLength: TEXT_LENGTH, description: 'The access or refresh token to revoke.' }),
  token_type_hint: text('access_token or refresh_token; the token says which it is anyway.'),
  client_id: text('The client the token was issued to; a token of another client is refused.'),
}, { additionalProperties: true });

export const TokenBody = Type.Object({
  access_token: Type.String(),
  token_type: Type.String(),
  expires_in: Type.Integer(),
  refresh_token: Type.String(),
  scope: Type.String(),
}, { title: 'Token' });
