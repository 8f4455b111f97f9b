import { FORMATS } from '../vocabulary/cardVocabulary.js';
import type { Card } from '../schemas/card.js';
import { LANGUAGES } from '../schemas/common.js';
import { MAX_DECK_LIST_LENGTH } from '../schemas/deck.js';
import { cardImage } from './cardImage.js';
import { cardLabel, cardPath } from './cardPage.js';
import { html, type Html } from './html.js';
import { languageName, renderPage } from './layout.js';

/** The deck check's answer (schemas/deck.ts, DeckCheck) as the page reads it. */
export interface DeckCheckData {
  format: string;
  legal: boolean;
  card_count: number;
  cards: Array<{ line: number; text: string; count: number; card: Card; legal: boolean }>;
  unresolved: Array<{ line: number; text: string; reason: string }>;
  problems: Array<{ rule: string; message: string; lines: number[] }>;
}

export interface DeckPageData {
  list: string;
  format: string;
  lang: string;
  /** Null before a list is sent. */
  check: DeckCheckData | null;
  /** The check's refusal of the list (no card line, too many). */
  refusal: string | null;
}

export const DECK_CHECK_CALL = '/v1/decks/check';
const FORMAT_NAMES: Record<string, string> = { standard: 'Standard', expanded: 'Expanded' };
const formatName = (format: string) => FORMAT_NAMES[format] ?? format;

const EXAMPLE = 'Pokémon: 4\n4 Ralts SVI 84\nTrainer: 4\n4 Ultra Ball SVI 196\nEnergy: 8\n8 Basic {P} Energy SVE 5';

function form({ list, format, lang }: DeckPageData): Html {
  return html`<form class="deck-form" action="/decks" method="post">
      <label for="deck-list">Deck list, as Pokémon TCG Live, Limitless or PTCGO export it</label>
      <textarea id="deck-list" name="list" required maxlength="${MAX_DECK_LIST_LENGTH}" spellcheck="false" placeholder="${EXAMPLE}">${list}</textarea>
      <div class="row">
        <label>Format<select name="format">${FORMATS.map((value) => html`<option value="${value}"${value === format ? html` selected` : ''}>${formatName(value)}</option>`)}</select></label>
        <label>Language of the list<select name="lang">${LANGUAGES.map((value) => html`<option value="${value}"${value === lang ? html` selected` : ''}>${languageName(value)}</option>`)}</select></label>
        <button type="submit">Check the deck</button>
      </div>
    </form>`;
}

type Line = { line: number; text: string } & ({ card: Card; count: number; legal: boolean } | { reason: string });

function lineItem(entry: Line, check: DeckCheckData): Html {
  const problems = check.problems.filter((problem) => problem.lines.includes(entry.line));
  const notes: Array<Html | string> = problems.map((problem) => problem.message);
  if ('reason' in entry) notes.unshift(entry.reason);
  const faulty = notes.length > 0;
  const picture = 'card' in entry
    ? html`<a href="${cardPath(entry.card.id)}">${cardImage(entry.card.image_small, cardLabel(entry.card), 'small')}</a>`
    : html`<span class="card-img small missing" role="img" aria-label="No card found"><span aria-hidden="true">?</span></span>`;
  return html`<li id="line-${entry.line}"${faulty ? html` class="has-problem"` : ''}>
      ${picture}
      <div>
        <p><span class="line-no">Line ${entry.line}</span> <code>${entry.text}</code></p>
        ${'card' in entry ? html`<p>${entry.count} × <a href="${cardPath(entry.card.id)}">${entry.card.name}</a> <span class="muted">${entry.card.set_name} ${entry.card.local_id ?? entry.card.number ?? ''}</span>${entry.legal ? '' : html` · <strong>not legal in ${formatName(check.format)}</strong>`}</p>` : ''}
        ${faulty ? html`<ul class="problems" aria-label="Problems of line ${entry.line}">${notes.map((note) => html`<li>${note}</li>`)}</ul>` : ''}
      </div>
    </li>`;
}

function results(check: DeckCheckData): Html {
  const lines: Line[] = [...check.cards, ...check.unresolved].sort((a, b) => a.line - b.line);
  const deckWide = check.problems.filter((problem) => problem.lines.length === 0);
  const verdict = check.legal
    ? `Legal in ${formatName(check.format)}: ${check.card_count} cards, no rule broken.`
    : `Not legal in ${formatName(check.format)}: ${check.problems.length} ${check.problems.length === 1 ? 'problem' : 'problems'} (${check.card_count} cards).`;
  return html`<h2 id="verdict-heading">Verdict</h2>
    <p class="verdict ${check.legal ? 'legal' : 'not-legal'}" role="status">${verdict}</p>
    ${deckWide.length > 0 ? html`<ul class="deck-problems" aria-label="Problems of the whole deck">${deckWide.map((problem) => html`<li>${problem.message}</li>`)}</ul>` : ''}
    <h2>The list, line by line</h2>
    <ol class="deck-lines">${lines.map((entry) => lineItem(entry, check))}</ol>`;
}

export function renderDeckPage(data: DeckPageData): string {
  return renderPage({
    title: data.check ? `Deck check: ${data.check.legal ? 'legal' : 'not legal'} in ${formatName(data.check.format)}` : 'Check a deck',
    description: 'Paste a Pokémon TCG deck list and see each line resolved to its card, and whether the deck is legal in Standard or Expanded.',
    heading: 'Check a deck',
    apiCall: { method: 'POST', url: DECK_CHECK_CALL },
    body: html`${form(data)}
    ${data.refusal !== null ? html`<p class="error" role="alert">${data.refusal}</p>` : ''}
    ${data.check ? results(data.check) : ''}`,
  });
}
