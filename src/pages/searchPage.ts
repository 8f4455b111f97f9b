import { ENERGY_TYPES, FORMATS, SUPERTYPES } from '../vocabulary/cardVocabulary.js';
import { canonicalSetCode } from '../vocabulary/setCodeAliases.js';
import type { Card } from '../schemas/card.js';
import { LANGUAGES } from '../schemas/common.js';
import type { SearchPageQuery } from '../schemas/pages.js';
import { cardGrid } from './cardGrid.js';
import { html, type Html } from './html.js';
import { languageName, renderPage, type ApiCall } from './layout.js';

/** Cards a search page shows. */
export const SEARCH_PAGE_SIZE = 30;

/** What the box holds is a query rather than a name: it names a field (`types:fire`, `name:"venusaur v"`). */
export const isQuery = (text: string) => /(^|[\s(!+-])[A-Za-z_][A-Za-z0-9_.]*:/.test(text);

/** The filters of the form a query takes in their place, as `field:value` clauses. */
export type PageFilters = Pick<SearchPageQuery, 'type' | 'supertype' | 'legal' | 'set'>;

export const hasFilters = (query: PageFilters) => Boolean(query.type || query.supertype || query.legal || query.set);

/**
 * The box's query with the page's filters written into it (AND), as /v1's query takes them. The set
 * is written as the catalog's code (`PR-SW` is `set.code:SWSHP`), as the card pages show it (the
 * query takes either); a query with an OR is grouped first, since AND binds tighter.
 */
export function queryWithFilters(text: string, query: PageFilters): string {
  const terms = [
    query.supertype ? `supertype:${query.supertype}` : '',
    query.type ? `types:${query.type}` : '',
    query.legal ? `legal:${query.legal}` : '',
    query.set ? `set.code:${canonicalSetCode(query.set)}` : '',
  ].filter(Boolean);
  if (terms.length === 0) return text;
  return `${/\bOR\b|\|\|/.test(text) ? `(${text})` : text} ${terms.join(' ')}`;
}

export interface SearchPageData {
  query: SearchPageQuery;
  /** Null before anything is asked (no name, no filter). */
  result: null | {
    cards: Card[];
    total: number | null;
    estimate: boolean;
    hasMore: boolean;
    suggestions: readonly string[];
  };
  /** The API's refusal of the request (a name too short once folded, an unknown set code). */
  refusal: string | null;
  apiCall: ApiCall | null;
}

const FILTER_LABELS: Record<string, string> = { Pokemon: 'Pokémon', standard: 'Standard', expanded: 'Expanded' };
const labelOf = (value: string) => FILTER_LABELS[value] ?? value;

/** The URL of the search page for these parameters (empty ones left out). */
export function searchUrl(query: SearchPageQuery, changes: Partial<SearchPageQuery> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, ...changes })) {
    if (value === undefined || value === '' || (name === 'page' && value === 1)) continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `/search?${text}` : '/search';
}

function select(name: string, label: string, values: readonly string[], chosen: string | undefined, anyLabel: string, show = labelOf): Html {
  return html`<label>${label}<select name="${name}">
        <option value="">${anyLabel}</option>
        ${values.map((value) => html`<option value="${value}"${value === chosen ? html` selected` : ''}>${show(value)}</option>`)}
      </select></label>`;
}

function filters(query: SearchPageQuery): Html {
  return html`<form class="filters" action="/search" method="get" aria-label="Search with filters">
      <label>Name or query<input name="q" type="search" value="${query.q ?? ''}" maxlength="1000"></label>
      ${select('lang', 'Language', LANGUAGES, query.lang, 'All languages', languageName)}
      ${select('supertype', 'Card kind', SUPERTYPES, query.supertype, 'Any kind')}
      ${select('type', 'Energy type', ENERGY_TYPES, query.type, 'Any type')}
      ${select('legal', 'Legal in', FORMATS, query.legal, 'Any format')}
      <label>Set code<input name="set" value="${query.set ?? ''}" maxlength="12" placeholder="PAL"></label>
      <button type="submit">Apply</button>
    </form>
    <p class="hint">A query names fields: <code>types:fire hp:[100 TO *]</code>, <code>attacks.effect:"search your deck"</code>
      (<a href="/search/syntax">the fields and operators</a>).</p>`;
}

function pager(query: SearchPageQuery, hasMore: boolean): Html | string {
  const page = query.page ?? 1;
  if (page === 1 && !hasMore) return '';
  return html`<nav class="pager" aria-label="Pages of results">
      ${page > 1 ? html`<a rel="prev" href="${searchUrl(query, { page: page - 1 })}">← Previous</a>` : ''}
      <span>Page ${page}</span>
      ${hasMore ? html`<a rel="next" href="${searchUrl(query, { page: page + 1 })}">Next →</a>` : ''}
    </nav>`;
}

function results({ query, result, refusal }: SearchPageData): Html | string {
  if (refusal !== null) return html`<p class="error" role="alert">${refusal}</p>`;
  if (result === null) return html`<p>Type a card's name (in any of the catalog's 16 languages) or a query, or choose filters.</p>`;
  if (result.cards.length === 0) {
    const none = html`<p role="status">No card matches${query.q ? html` “${query.q}”` : ''}${(query.page ?? 1) > 1 ? ' on this page' : ''}.</p>`;
    if (result.suggestions.length === 0) return none;
    return html`${none}<p id="did-you-mean">Did you mean:</p>
      <ul class="suggestions" aria-labelledby="did-you-mean">${result.suggestions.map((name) => html`<li><a href="${searchUrl({ ...query, page: undefined }, { q: name })}">${name}</a></li>`)}</ul>`;
  }
  const first = ((query.page ?? 1) - 1) * SEARCH_PAGE_SIZE + 1;
  const total = result.total === null ? '' : html` of ${result.estimate ? 'about ' : ''}${result.total.toLocaleString('en-US')}`;
  return html`<p role="status" class="count">Cards ${first}–${first + result.cards.length - 1}${total}</p>
    ${cardGrid(result.cards, 'Cards found')}
    ${pager(query, result.hasMore)}`;
}

export function renderSearchPage(data: SearchPageData): string {
  const { q } = data.query;
  const heading = q ? (isQuery(q) ? `Cards matching ${q}` : `Cards named “${q}”`) : 'Search cards';
  return renderPage({
    title: q ? `${q}: card search` : 'Search cards',
    description: q ? `Pokémon TCG cards named ${q}, with their images, sets and numbers.` :
      'Search every Pokémon TCG card by name in 16 languages, by type, kind, legality and set.',
    heading,
    query: q,
    apiCall: data.apiCall,
    body: html`${filters(data.query)}${results(data)}`,
  });
}
