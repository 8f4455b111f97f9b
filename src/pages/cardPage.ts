import type { Card, CardWithLanguages } from '../schemas/card.js';
import type { PrintingMatch } from '../schemas/common.js';
import type { SetWithCount } from '../schemas/set.js';
import { cardImage } from './cardImage.js';
import { cardKind, gameText, kindWords } from './gameText.js';
import { html, type Html } from './html.js';
import { languageName, languageOfId, renderPage } from './layout.js';
import type { LegalityReasons, ReprintReason } from './legalityReasons.js';

export interface CardPageData {
  card: CardWithLanguages;
  /** Its set, for the set's line (null if it could not be read). */
  set: SetWithCount | null;
  reasons: LegalityReasons;
}

/** How a card is named where it is listed: name, set, number. */
export const cardLabel = (card: Pick<Card, 'name' | 'set_name' | 'number' | 'local_id'>) =>
  `${card.name}, ${card.set_name} ${card.local_id ?? card.number ?? ''}`.trim();

export const cardPath = (id: string) => `/cards/${encodeURIComponent(id)}`;
export const setPath = (id: string) => `/sets/${encodeURIComponent(id)}`;
export const cardApiCall = (id: string) => `/v1/cards?id=${encodeURIComponent(id)}`;

function reprintLine(reason: ReprintReason | undefined): Html | string {
  if (!reason) return '';
  const printings = reason.printings.map((other, i) =>
    html`${i > 0 ? ', ' : ''}<a href="${cardPath(other.id)}">${other.set_name} ${other.local_id ?? other.number ?? ''}</a>${other.regulation_mark ? ` (mark ${other.regulation_mark})` : ''}`);
  return html` <span class="reason">through a reprint: a printing of the same name and game text is legal${printings.length ? html` (${printings})` : ''}.</span>`;
}

function legality(card: CardWithLanguages, reasons: LegalityReasons): Html {
  if (!card.legalities) return html`<p>Legality unknown.</p>`;
  const row = (format: 'standard' | 'expanded', label: string) => {
    const legal = card.legalities![format];
    return html`<div class="${legal ? 'legal' : 'not-legal'}"><dt>${label}</dt><dd>${legal ? 'Legal' : 'Not legal'}${legal ? reprintLine(reasons[format]) : ''}</dd></div>`;
  };
  return html`<dl class="legality">${row('standard', 'Standard')}${row('expanded', 'Expanded')}</dl>`;
}

function printings(card: CardWithLanguages): Html {
  return html`<ul class="printings">${card.variants.map((variant) => html`<li${variant.is_default ? html` class="default"` : ''}>
      ${variant.variant_label ?? variant.variant_key}${variant.is_default ? ' (default)' : ''}
      ${variant.image_large && variant.image_large !== card.image_large ? html` · <a href="${variant.image_large}">image</a>` : ''}</li>`)}</ul>`;
}

/** How a printing of the other catalogs (Asian or English) was matched, for a reader: several of one language are told apart by their ids. */
const MATCH_WORDS: Record<PrintingMatch, string> = {
  printed: 'same print', 'set-order': 'matched in its set', name: 'matched by name', override: 'matched by hand',
};

function otherLanguages(card: CardWithLanguages): Html {
  if (card.other_languages.length === 0) return html`<p>Only in this language.</p>`;
  return html`<ul class="languages">${card.other_languages.map((other) =>
    html`<li><a href="${cardPath(other.id)}" hreflang="${other.language}"><span lang="${other.language}">${other.name}</span></a> <span class="muted">${languageName(other.language)}${other.match ? ` · ${other.id} · ${MATCH_WORDS[other.match]}` : ''}</span></li>`)}</ul>`;
}

function facts(card: CardWithLanguages, set: SetWithCount | null): Html {
  const number = card.local_id ?? card.number;
  return html`<dl class="facts">
      <div><dt>Set</dt><dd><a href="${setPath(card.set_id)}">${card.set_name}</a>${card.set_code ? ` (${card.set_code})` : ''}${set?.release_date ? html`, <time datetime="${set.release_date}">${set.release_date}</time>` : ''}</dd></div>
      ${number ? html`<div><dt>Number</dt><dd>${number}</dd></div>` : ''}
      ${card.rarity ? html`<div><dt>Rarity</dt><dd>${card.rarity}</dd></div>` : ''}
      ${card.regulation_mark ? html`<div><dt>Regulation mark</dt><dd>${card.regulation_mark}</dd></div>` : ''}
      ${card.evolves_from ? html`<div><dt>Evolves from</dt><dd>${card.evolves_from}</dd></div>` : ''}
      ${card.artist ? html`<div><dt>Illustrator</dt><dd>${card.artist}</dd></div>` : ''}
      <div><dt>Language</dt><dd>${languageName(languageOfId(card.id))}</dd></div>
    </dl>`;
}

/** The words a link preview shows: kind, set, legality. */
function description(card: CardWithLanguages): string {
  const kind = kindWords(card).join(' ');
  const legal = card.legalities ? `Standard: ${card.legalities.standard ? 'legal' : 'not legal'}; Expanded: ${card.legalities.expanded ? 'legal' : 'not legal'}.` : '';
  const attacks = (card.attacks ?? []).map((a) => a.name).filter(Boolean).join(', ');
  return [`${card.name}: ${kind} from ${card.set_name} (${card.local_id ?? card.number ?? ''})${card.hp !== null ? `, HP ${card.hp}` : ''}.`,
    attacks ? `Attacks: ${attacks}.` : '', legal].filter(Boolean).join(' ');
}

export function renderCardPage({ card, set, reasons }: CardPageData): string {
  const lang = languageOfId(card.id);
  return renderPage({
    title: `${card.name} (${card.set_name} ${card.local_id ?? card.number ?? ''})`,
    description: description(card),
    heading: html`<span lang="${lang}">${card.name}</span>`,
    apiCall: { method: 'GET', url: cardApiCall(card.id) },
    body: html`<div class="card-page">
      <div class="card-visual">${cardImage(card.image_large, cardLabel(card), 'large', { eager: true })}</div>
      <div class="card-detail" lang="${lang}">
        ${cardKind(card)}
        ${gameText(card)}
        ${card.flavor_text ? html`<p class="flavor">${card.flavor_text}</p>` : ''}
        <div lang="en">
        <h2>Details</h2>
        ${facts(card, set)}
        <h2 id="legality">Legality</h2>
        ${legality(card, reasons)}
        <h2 id="printings">Printings</h2>
        ${printings(card)}
        <h2 id="languages">Other languages</h2>
        ${otherLanguages(card)}
        </div>
      </div>
    </div>`,
  });
}
