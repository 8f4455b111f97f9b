import type { Card } from '../schemas/card.js';
import type { SetWithCount } from '../schemas/set.js';
import { cardGrid } from './cardGrid.js';
import { setPath } from './cardPage.js';
import { html } from './html.js';
import { languageName, renderPage } from './layout.js';

export interface SetPageData {
  set: SetWithCount;
  /** Its cards in number order, as the API lists them. */
  cards: Card[];
}

export const setApiCall = (id: string) => `/v1/sets?id=${encodeURIComponent(id)}`;

export function renderSetPage({ set, cards }: SetPageData): string {
  const printed = set.printed_total ?? set.total;
  return renderPage({
    title: `${set.name}${set.abbreviation ? ` (${set.abbreviation})` : ''}`,
    description: `${set.name}: ${set.series ? `${set.series} series, ` : ''}${set.release_date ? `released ${set.release_date}, ` : ''}` +
      `${set.card_count} cards${printed !== null ? ` (${printed} printed)` : ''}, in ${languageName(set.language)}.`,
    heading: html`<span lang="${set.language}">${set.name}</span>`,
    apiCall: { method: 'GET', url: setApiCall(set.id) },
    body: html`<div class="set-head">
      ${set.logo_url ? html`<img class="logo" src="${set.logo_url}" alt="${set.name} logo" width="240" height="100">` : ''}
      <dl class="facts">
        ${set.symbol_url ? html`<div><dt>Symbol</dt><dd><img class="symbol" src="${set.symbol_url}" alt="${set.name} symbol" width="32" height="32"></dd></div>` : ''}
        ${set.abbreviation ? html`<div><dt>Set code</dt><dd>${set.abbreviation}</dd></div>` : ''}
        ${set.series ? html`<div><dt>Series</dt><dd>${set.series}</dd></div>` : ''}
        <div><dt>Released</dt><dd>${set.release_date ? html`<time datetime="${set.release_date}">${set.release_date}</time>` : 'unknown'}</dd></div>
        <div><dt>Printed total</dt><dd>${printed ?? 'unknown'}</dd></div>
        <div><dt>Cards in the catalog</dt><dd>${set.card_count}</dd></div>
        <div><dt>Language</dt><dd>${languageName(set.language)}</dd></div>
      </dl>
    </div>
    ${set.other_languages.length > 0 ? html`<p>Also in: ${set.other_languages.map((other, i) =>
      html`${i > 0 ? ', ' : ''}<a href="${setPath(other.id)}" hreflang="${other.language}">${languageName(other.language)}${other.linked_share === undefined ? ''
        : html` (<span lang="${other.language}">${other.name}</span>, ${Math.round(other.linked_share * 100)} % of the cards linked)`}</a>`)}.</p>` : ''}
    <h2>Cards in number order</h2>
    ${cards.length > 0 ? cardGrid(cards, `Cards of ${set.name}`) : html`<p>The catalog holds no card of this set.</p>`}`,
  });
}
