import { Type, type Static } from '@sinclair/typebox';

/** The body of POST /v1/keys and the arguments of the MCP tool get_api_key. */
export const KeyRequestBody = Type.Object({
  email: Type.String({
    format: 'email',
    description: 'Your email address; one active free key per address.',
    examples: ['ash@example.com'],
  }),
  source: Type.Optional(Type.String({
    maxLength: 200,
    description: 'How you found the service (optional).',
    examples: ['mcp'],
  })),
}, { title: 'KeyRequest' });
export type KeyRequestBody = Static<typeof KeyRequestBody>;

/** The answer of POST /v1/keys and the structured result of get_api_key. */
export const CreatedKey = Type.Object({
  key: Type.String({ description: 'The new key, shown only once: send it as `Authorization: Bearer <key>`.' }),
  tier: Type.String({ description: 'The key\'s tier.', examples: ['free'] }),
  monthly_limit: Type.Union([Type.Integer(), Type.Null()], { description: 'Requests per calendar month (UTC).' }),
  try_it: Type.String({ description: 'A ready-to-run curl command using the new key.' }),
}, { title: 'CreatedKey', additionalProperties: false });
export type CreatedKey = Static<typeof CreatedKey>;
