import type { PtcgCard, PtcgSet } from '../../schemas/pokemontcgIo.js';
import type { CatalogStore } from '../catalogStore.js';
import type { FieldCatalog } from '../query/fieldCatalog.js';
import { DocumentIndex } from '../query/documentIndex.js';
import { PTCG_CARD_FIELDS, PTCG_SET_FIELDS } from './ptcgFields.js';
import { ptcgVocabularies, readPtcgCatalog, type PtcgVocabularies } from './readPtcgCatalog.js';

/**
 * One kind of record of /v2 (cards, sets): the records, their positions by id, and the index their
 * queries run on. The records are kept as objects (the index reads them to build what it makes on
 * first use) and written as JSON only into answers, which the answer cache keeps.
 */
export interface PtcgShelf {
  /** The records in the default order (what the index's ordinals count). */
  records: ReadonlyArray<PtcgCard | PtcgSet>;
  ordinalOf: Map<string, number>;
  index: DocumentIndex;
}

/**
 * The English catalog as pokemontcg.io's records, read from one snapshot and kept until the catalog
 * changes (a KeptView of the store's CatalogViews): built on the first /v2 request, never by /v1.
 */
export interface PtcgView {
  readonly version: string;
  cards: PtcgShelf;
  sets: PtcgShelf;
  /** `{"data": [...]}` of /v2/types, /v2/subtypes, /v2/supertypes and /v2/rarities. */
  vocabularies: Record<keyof PtcgVocabularies, string>;
}

export async function readPtcgView(store: CatalogStore): Promise<PtcgView> {
  const read = await readPtcgCatalog(store);
  const vocabularies = ptcgVocabularies(read);
  return {
    version: read.version,
    cards: shelf(read.cards, PTCG_CARD_FIELDS),
    sets: shelf(read.sets, PTCG_SET_FIELDS),
    vocabularies: {
      types: JSON.stringify({ data: vocabularies.types }),
      subtypes: JSON.stringify({ data: vocabularies.subtypes }),
      supertypes: JSON.stringify({ data: vocabularies.supertypes }),
      rarities: JSON.stringify({ data: vocabularies.rarities }),
    },
  };
}

function shelf(records: ReadonlyArray<PtcgCard | PtcgSet>, fields: FieldCatalog): PtcgShelf {
  return {
    records,
    ordinalOf: new Map(records.map((record, ordinal) => [record.id, ordinal])),
    index: new DocumentIndex(records, fields, 'id'),
  };
}
