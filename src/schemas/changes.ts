import { Type, type Static } from '@sinclair/typebox';
import { RetrievedAt } from './common.js';

/** The page size of the changes feed: larger than a catalog page, as a change is a few dozen bytes. */
export const ChangesLimit = Type.Integer({ minimum: 1, maximum: 1000, default: 200, description: 'Changes per page, 1 to 1000.' });

export const ChangesQuery = Type.Object({
  since: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'An opaque cursor: the `changes_cursor` of a bulk file (/v1/bulk), or the `cursor` of the previous page. ' +
      'The answer lists the changes after it.',
    examples: ['MS4wZjNjMmJjNi0wNTc4LTRiYjItYjY2Ny1iZjYzZDI3ZjI2ZTIuMA'],
  }),
  limit: Type.Optional(ChangesLimit),
});
export type ChangesQuery = Static<typeof ChangesQuery>;

export const Change = Type.Object(
  {
    seq: Type.Integer({ minimum: 1, description: 'Its sequence number: changes are listed in this order, each once.' }),
    type: Type.Union([Type.Literal('card'), Type.Literal('set')], { description: 'What changed: a card or a set.' }),
    id: Type.String({ description: 'The card or set id.', examples: ['en-base1-4'] }),
    change: Type.Union([Type.Literal('added'), Type.Literal('changed'), Type.Literal('removed')], {
      description: '`added` and `changed`: fetch its answer again (/v1/cards?id= or /v1/sets?id=); `removed`: it is gone. ' +
        '`changed` covers every field of the answer, `other_languages` and a set\'s `card_count` included.',
    }),
    at: Type.String({ format: 'date-time', description: 'The retrieved_at of the import or sync that recorded it.' }),
  },
  { title: 'Change', additionalProperties: false },
);
export type Change = Static<typeof Change>;

export const ChangesPage = Type.Object(
  {
    data: Type.Array(Change),
    cursor: Type.String({ description: 'The `since` of the next request: after the last change listed (the same cursor when none was).' }),
    has_more: Type.Boolean({ description: 'True when more changes follow now; when false, poll again later with `cursor`.' }),
    retrieved_at: RetrievedAt,
  },
  { title: 'ChangesPage', additionalProperties: false },
);
export type ChangesPage = Static<typeof ChangesPage>;
