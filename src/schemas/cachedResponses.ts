import { Type } from '@sinclair/typebox';

/** What a catalog read adds to its schema: the 304 of a revalidation (docs/reference.md, Caching and compression). */
export const cached = {
  responses: {
    304: Type.Null({
      description: 'If-None-Match named the current answer\'s ETag: no body. Counted against the key like any request.',
    }),
  },
};
