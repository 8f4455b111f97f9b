import type { Card } from '../schemas/card.js';
import { cardImage } from './cardImage.js';
import { cardLabel, cardPath } from './cardPage.js';
import { html, type Html } from './html.js';
import { languageOfId } from './layout.js';

/** Cards as a grid of their small images, each with its name, set and number under it, linking to its page. */
export function cardGrid(cards: readonly Card[], label: string): Html {
  return html`<ul class="grid" aria-label="${label}">${cards.map((card) => html`<li><a href="${cardPath(card.id)}">
      ${cardImage(card.image_small, cardLabel(card), 'small')}
      <span class="name" lang="${languageOfId(card.id)}">${card.name}</span>
      <span class="meta">${card.set_name} · ${card.local_id ?? card.number ?? ''}</span></a></li>`)}</ul>`;
}
