import { Type, type Static } from '@sinclair/typebox';
import { Language, RetrievedAt } from './common.js';

export const BulkFile = Type.Object(
  {
    type: Type.Union([Type.Literal('cards'), Type.Literal('sets')], { description: 'What the file holds.' }),
    language: Language,
    url: Type.String({
      format: 'uri',
      description: 'Where to download it (with the key, one request of the quota). Versioned: its bytes never change.',
      examples: ['https://tcg.example.com/v1/bulk/0f3c2bc6-0578-4bb2-b667-bf63d27f26e2/en.cards.json'],
    }),
    size: Type.Integer({ minimum: 0, description: 'Bytes of the uncompressed body.' }),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the uncompressed body, hex.' }),
    records: Type.Integer({ minimum: 1, description: 'How many cards or sets `data` holds.' }),
    catalog_version: Type.String({ description: 'The catalog version the file holds.' }),
    changes_cursor: Type.String({
      description: 'The `since` of /v1/changes that lists what changed after this file was made: where a mirror starts following.',
    }),
    updated_at: Type.String({ format: 'date-time', description: 'The retrieved_at of the catalog the file holds.' }),
  },
  { title: 'BulkFile', additionalProperties: false },
);
export type BulkFile = Static<typeof BulkFile>;

export const BulkFileList = Type.Object(
  {
    data: Type.Array(BulkFile, {
      description: 'One file per language and kind that has records, in the order of the 16 language codes, cards before sets. ' +
        'Empty until the first files are built (seconds after an import).',
    }),
    retrieved_at: RetrievedAt,
  },
  { title: 'BulkFileList', additionalProperties: false },
);
export type BulkFileList = Static<typeof BulkFileList>;

export const BulkFileParams = Type.Object({
  version: Type.String({ pattern: '^[0-9a-f-]{36}$', description: 'The catalog version of the file, from its url.' }),
  file: Type.String({ pattern: '^[a-z-]{2,5}\\.(cards|sets)\\.json$', description: '`<language>.<cards|sets>.json`, from its url.' }),
});
export type BulkFileParams = Static<typeof BulkFileParams>;

/** What a download's body is (not serialized by the service: the stored file is sent as it is). */
export const BulkFileBody = Type.Object(
  {
    data: Type.Array(Type.Unknown(), {
      description: 'Every card of the language as GET /v1/cards?id= gives its `data` (variants and other_languages included), ' +
        'newest set first, then set, then number; or every set as GET /v1/sets?id= gives it, newest first.',
    }),
    catalog_version: Type.String(),
    changes_cursor: Type.String(),
    retrieved_at: RetrievedAt,
  },
  { title: 'BulkFileBody' },
);
