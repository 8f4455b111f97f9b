import type { SwaggerOptions } from '@fastify/swagger';
import { API_KEY_HEADER_SCHEME, BEARER_SCHEME } from '../schemas/keyedResponses.js';
import { constUnionsToEnums } from '../schemas/publishedSchema.js';
import { errorCodesAsComponent } from './errorCodeComponent.js';
import { documentResponseHeaders } from './responseHeaders.js';

export function openApiOptions(publicBaseUrl: string): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pokémon TCG Catalog API',
        version: '1.0.0',
        description: 'Every Pokémon TCG set and card in 16 languages, every printing, as JSON. ' +
          'Also served to AI agents as a remote MCP endpoint at /mcp. A free key (POST /v1/keys) allows ' +
          '1,000 requests per calendar month.\n\n' +
          'The card data comes from [TCGdex](https://github.com/tcgdex/cards-database), under the MIT licence; ' +
          'the service\'s code is MIT-licensed too (info.license).',
        contact: { name: 'The service\'s home page', url: `${publicBaseUrl}/` },
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: publicBaseUrl }],
      components: {
        securitySchemes: {
          [API_KEY_HEADER_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Key',
            description: 'The same key, in the header pokemontcg.io\'s SDKs send (the /v2 operations only).',
          },
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key from POST /v1/keys, sent as `Authorization: Bearer <key>`. ' +
              'A free key allows 1,000 requests per calendar month (UTC).',
          },
        },
      },
      tags: [
        { name: 'sets', description: 'Sets in every language' },
        { name: 'cards', description: 'Cards, their printings, and name search' },
        { name: 'decks', description: 'Deck lists checked against a format\'s rules' },
        { name: 'changes', description: 'What each import or sync changed, for mirrors' },
        { name: 'keys', description: 'Free API keys' },
        { name: 'oauth', description: 'OAuth 2.1 sign-in for MCP clients (tokens bound to a key)' },
        {
          name: 'pokemontcg.io v2',
          description: "pokemontcg.io's v2 API served from our English catalog, for its users' apps and SDKs: their paths, ids, " +
            'query language and shapes, with our keys and quota (docs/pokemontcg-io.md).',
        },
        { name: 'service', description: 'Health and this document' },
      ],
    },
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      return errorCodesAsComponent(documentResponseHeaders(constUnionsToEnums(document) as typeof document));
    },
  };
}
