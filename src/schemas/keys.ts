import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH, SOURCE_MAX_LENGTH } from '../access/email.js';
import { NOT_TEXT } from './common.js';

export const KeyRequestBody = Type.Object(
  {
    email: Type.String({
      format: 'email', maxLength: EMAIL_MAX_LENGTH,
      description: 'Your email address; one active free key per address (compared trimmed, case-insensitively).',
      examples: ['ash@example.com'],
    }),
    source: Type.Optional(Type.String({
      maxLength: SOURCE_MAX_LENGTH, pattern: `^[^${NOT_TEXT}]*$`,
      description: 'How you found the service (optional): text without control characters.', examples: ['a friend'],
    })),
  },
  { title: 'KeyRequest' },
);
export type KeyRequestBody = Static<typeof KeyRequestBody>;

export const CreatedKeyBody = Type.Object(
  {
    key: Type.String({ description: 'The new API key, shown only this once: store it now.', examples: ['tcgk_3q2-7wEXAMPLEkeyEXAMPLEkeyEXAMPLE0'] }),
    tier: Type.String({ description: 'The key\'s tier.', examples: ['free'] }),
    monthly_limit: Type.Integer({ description: 'Requests allowed per calendar month (UTC).', examples: [1000] }),
    try_it: Type.String({ description: 'A ready-to-run curl command using the new key.' }),
  },
  { title: 'CreatedKey', additionalProperties: false },
);
export type CreatedKeyBody = Static<typeof CreatedKeyBody>;
