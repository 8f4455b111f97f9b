import { Type, type Static } from '@sinclair/typebox';
import { Pagination, RetrievedAt } from './common.js';
import { CardSet, SetList } from './set.js';

/*
 * list_sets' rows: by default a set's identity and dates without its logo and symbol URLs, which
 * made a page mostly URLs; the full rows (REST's) when asked (detail "full").
 */

const { id, name, name_en, series, release_date, total, printed_total, language, abbreviation } = CardSet.properties;

export const CompactSet = Type.Object(
  { id, name, name_en, series, release_date, total, printed_total, language, abbreviation },
  { title: 'CompactSet', additionalProperties: false, description: 'A set as list_sets answers it by default: no logo_url or symbol_url.' },
);
export type CompactSet = Static<typeof CompactSet>;

/** The fields of a compact set row, in the order it lists them. */
export const COMPACT_SET_FIELDS = Object.keys(CompactSet.properties) as ReadonlyArray<keyof CompactSet>;

export const CompactSetList = Type.Object(
  { data: Type.Array(CompactSet), pagination: Pagination, retrieved_at: RetrievedAt },
  { title: 'CompactSetList', additionalProperties: false },
);

/** list_sets' answer: compact rows or REST's full ones; an object either way, as MCP requires. */
export const SetListResult = Type.Union([CompactSetList, SetList], { type: 'object', title: 'SetListResult' });
