import type { SwaggerOptions } from '@fastify/swagger';
import { BEARER_SCHEME } from '../schemas/keyedResponses.js';
import { documentRateLimitHeaders } from './responseHeaders.js';

type JsonNode = Record<string, unknown>;

/**
 * TypeBox writes a closed vocabulary as anyOf of consts; OpenAPI readers and code generators
 * understand a plain enum better, so the document says `enum` where every branch is a string const.
 */
export function constUnionsToEnums(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(constUnionsToEnums);
  if (node === null || typeof node !== 'object') return node;
  const object = node as JsonNode;
  const anyOf = object.anyOf;
  if (Array.isArray(anyOf) && anyOf.length > 0 && anyOf.every(isStringConst)) {
    const { anyOf: _branches, ...rest } = object;
    return { ...rest, type: 'string', enum: anyOf.map(constOf) };
  }
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, constUnionsToEnums(v)]));
}

/** A branch that allows one string: `{const: s}`, or `{enum: [s]}` as @fastify/swagger rewrites it. */
function isStringConst(branch: unknown): boolean {
  return typeof constOf(branch) === 'string';
}

function constOf(branch: unknown): unknown {
  if (typeof branch !== 'object' || branch === null) return undefined;
  const node = branch as JsonNode;
  if ('const' in node) return node.const;
  return Array.isArray(node.enum) && node.enum.length === 1 ? node.enum[0] : undefined;
}

export function openApiOptions(publicBaseUrl: string): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pokémon TCG Catalog API',
        version: '1.0.0',
        description: 'Every Pokémon TCG set and card in 16 languages, every printing, as JSON. ' +
          'Card data from TCGdex (MIT). Also served to AI agents as a remote MCP endpoint at /mcp.',
      },
      servers: [{ url: publicBaseUrl }],
      components: {
        securitySchemes: {
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
        { name: 'keys', description: 'Free API keys' },
        { name: 'service', description: 'Health and this document' },
      ],
    },
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      return documentRateLimitHeaders(constUnionsToEnums(document) as typeof document);
    },
  };
}
