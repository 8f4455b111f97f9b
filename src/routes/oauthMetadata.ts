import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PROTECTED_RESOURCE_METADATA_PATH, SCOPE } from '../oauth/oauthService.js';
import { MalformedPathResponse } from '../schemas/common.js';
import { AuthorizationServerMetadata, ProtectedResourceMetadata } from '../schemas/oauth.js';

/**
 * The documents an MCP client reads to sign in: the MCP endpoint's protected resource metadata
 * (RFC 9728, at the path-suffixed address the 401's challenge names and at the root one) and this
 * service's authorization server metadata (RFC 8414).
 */
export const oauthMetadataRoutes: FastifyPluginAsyncTypebox<{ publicBaseUrl: string }> = async (app, { publicBaseUrl }) => {
  const resource = {
    resource: `${publicBaseUrl}/mcp`,
    authorization_servers: [publicBaseUrl],
    bearer_methods_supported: ['header'],
    scopes_supported: [SCOPE],
    resource_name: 'Pokémon TCG Catalog (MCP)',
    resource_documentation: `${publicBaseUrl}/docs`,
  };
  const server = {
    issuer: publicBaseUrl,
    authorization_endpoint: `${publicBaseUrl}/oauth/authorize`,
    token_endpoint: `${publicBaseUrl}/oauth/token`,
    registration_endpoint: `${publicBaseUrl}/oauth/register`,
    revocation_endpoint: `${publicBaseUrl}/oauth/revoke`,
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [SCOPE],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    service_documentation: `${publicBaseUrl}/docs`,
  };
  for (const [url, operationId] of [[PROTECTED_RESOURCE_METADATA_PATH, 'getMcpResourceMetadata'], ['/.well-known/oauth-protected-resource', 'getResourceMetadata']] as const) {
    app.get(url, {
      schema: {
        operationId, tags: ['oauth'], security: [],
        summary: 'OAuth protected resource metadata of /mcp (RFC 9728)',
        response: { 200: ProtectedResourceMetadata, 400: MalformedPathResponse },
      },
    }, async (_request, reply) => reply.header('Cache-Control', 'public, max-age=3600').send(resource));
  }
  app.get('/.well-known/oauth-authorization-server', {
    schema: {
      operationId: 'getAuthorizationServerMetadata', tags: ['oauth'], security: [],
      summary: 'OAuth authorization server metadata (RFC 8414)',
      response: { 200: AuthorizationServerMetadata, 400: MalformedPathResponse },
    },
  }, async (_request, reply) => reply.header('Cache-Control', 'public, max-age=3600').send(server));
};
