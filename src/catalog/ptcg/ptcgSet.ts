import type { CardSet } from '../../schemas/set.js';
import { ptcgSetId, ptcgSetRow } from './ptcgIds.js';
import type { PtcgLegalities, PtcgSet } from './ptcgShapes.js';

/** What a set object says of its cards, worked out over them (readPtcgCatalog). */
export interface PtcgSetFacts {
  /** How many of our cards it holds. */
  cardCount: number;
  /** The latest `updated_at` of its cards (ISO 8601); null when none has one. */
  updatedAt: string | null;
  legalities: PtcgLegalities;
}

/** Our series in theirs, for the sets they never had (the sets they had name theirs in the table). */
const SERIES_WORDS: Readonly<Record<string, string>> = {
  'Call of Legends': 'HeartGold & SoulSilver',
  'Legendary Collection': 'Other',
  "McDonald's Collection": 'Other',
  'Trainer kits': 'Other',
  Miscellaneous: 'Other',
};

/** A set's series in their words. */
export function ptcgSeries(set: Pick<CardSet, 'id' | 'series'>): string {
  const row = ptcgSetRow(set.id.slice(3));
  if (row) return row[3];
  return set.series === null ? 'Other' : (SERIES_WORDS[set.series] ?? set.series);
}

const slashDate = (isoDate: string) => isoDate.slice(0, 10).replaceAll('-', '/');

/**
 * One of our English sets as their set object: their id, name, series and release date where they
 * had the set (ours where they did not), our printed total, the cards it holds as its total, our
 * printed abbreviation as its `ptcgoCode` (absent when it has none), and our images.
 */
export function toPtcgSet(set: CardSet, facts: PtcgSetFacts): PtcgSet {
  const row = ptcgSetRow(set.id.slice(3));
  // A set without a date (the source gives every English set one) sorts first.
  const releaseDate = row?.[4] ?? (set.release_date === null ? '0001/01/01' : slashDate(set.release_date));
  const updatedAt = facts.updatedAt === null ? `${releaseDate} 00:00:00` : `${slashDate(facts.updatedAt)} ${facts.updatedAt.slice(11, 19)}`;
  const images: PtcgSet['images'] = {};
  if (set.symbol_url !== null) images.symbol = set.symbol_url;
  if (set.logo_url !== null) images.logo = set.logo_url;
  return {
    id: ptcgSetId(set.id),
    name: row?.[2] ?? set.name,
    series: ptcgSeries(set),
    printedTotal: set.printed_total ?? set.total ?? facts.cardCount,
    total: facts.cardCount,
    legalities: facts.legalities,
    ...(set.abbreviation === null ? {} : { ptcgoCode: set.abbreviation }),
    releaseDate,
    updatedAt,
    images,
    catalogId: set.id,
  };
}
