import { Answer } from '../answers/answer.js';
import type { AnswerCache, QueryResult } from '../answers/answerCache.js';
import type { CatalogStore } from '../catalogStore.js';
import type { KeptView } from '../catalogViews.js';
import { parseOrderBy } from '../query/orderBy.js';
import { QuerySyntaxError } from '../query/queryNode.js';
import { parseQuery } from '../query/queryParser.js';
import type { PtcgVocabularies } from './readPtcgCatalog.js';
import { readPtcgView, type PtcgShelf, type PtcgView } from './ptcgView.js';
import { PTCG_CARD_FIELDS, PTCG_SET_FIELDS } from './ptcgFields.js';

export const PTCG_MAX_PAGE_SIZE = 250;

/** A list's request, as /v2 takes it (the edge has merged `pagesize`/`orderby` into these). */
export interface PtcgListRequest {
  q?: string;
  page: number;
  pageSize: number;
  orderBy?: string;
  select?: string;
}

type Kind = 'cards' | 'sets';

/**
 * pokemontcg.io's v2 API over our English catalog: its lists, records and vocabularies as finished
 * answers, kept in the answer cache as /v1's are. Every query runs on the view's indexes.
 */
export class PtcgQueries {
  private readonly view: KeptView<PtcgView>;

  constructor(store: CatalogStore, private readonly answers: AnswerCache) {
    this.view = store.views.kept(() => readPtcgView(store));
  }

  list(kind: Kind, request: PtcgListRequest): Promise<QueryResult> {
    const key = `ptcg ${kind} ${JSON.stringify([request.q ?? '', request.page, request.pageSize, request.orderBy ?? '', request.select ?? ''])}`;
    return this.answers.answer(key, async () => {
      const shelf = (await this.view.get())[kind];
      const fields = kind === 'cards' ? PTCG_CARD_FIELDS : PTCG_SET_FIELDS;
      let found: { ordinals: number[]; total: number };
      try {
        const query = request.q === undefined || request.q.trim() === '' ? undefined : parseQuery(request.q, fields);
        const orderBy = request.orderBy === undefined || request.orderBy.trim() === '' ? undefined : parseOrderBy(request.orderBy, fields);
        found = shelf.index.search({ query, orderBy, offset: (request.page - 1) * request.pageSize, limit: request.pageSize });
      } catch (error) {
        if (error instanceof QuerySyntaxError) return refuse(400, error.message);
        throw error;
      }
      const docs = found.ordinals.map((ordinal) => selected(shelf.records[ordinal]!, request.select));
      return finished(`{"data":[${docs.join(',')}],"page":${request.page},"pageSize":${request.pageSize},` +
        `"count":${docs.length},"totalCount":${found.total}}`);
    });
  }

  record(kind: Kind, id: string, select?: string): Promise<QueryResult> {
    return this.answers.answer(`ptcg ${kind} ${JSON.stringify([id, select ?? ''])}`, async () => {
      const shelf: PtcgShelf = (await this.view.get())[kind];
      const ordinal = shelf.ordinalOf.get(id);
      if (ordinal === undefined) return refuse(404, `no ${kind === 'cards' ? 'card' : 'set'} with id ${id}`);
      return finished(`{"data":${selected(shelf.records[ordinal]!, select)}}`);
    });
  }

  vocabulary(name: keyof PtcgVocabularies): Promise<QueryResult> {
    return this.answers.answer(`ptcg ${name}`, async () => finished((await this.view.get()).vocabularies[name]));
  }
}

/** The record as JSON, with only the top-level fields `select` names, in the record's order; a field it lacks is left out. */
function selected(record: object, select: string | undefined): string {
  if (select === undefined || select.trim() === '') return JSON.stringify(record);
  const wanted = new Set(select.split(',').map((field) => field.trim()));
  return JSON.stringify(Object.fromEntries(Object.entries(record).filter(([field]) => wanted.has(field))));
}

const finished = (json: string): QueryResult => ({ ok: true, answer: Answer.ofJson(json) });
const refuse = (status: 400 | 404, message: string): QueryResult => ({ ok: false, status, code: status === 400 ? 'invalid_parameter' : 'not_found', message });
