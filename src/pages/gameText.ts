import type { Ability, Attack, CardWithLanguages, WeaknessOrResistance } from '../schemas/card.js';
import { html, type Html } from './html.js';

/** The letters players write energy symbols with ({R} for Fire), shown inside each symbol. */
const ENERGY_LETTERS: Record<string, string> = {
  Colorless: 'C', Darkness: 'D', Dragon: 'N', Fairy: 'Y', Fighting: 'F', Fire: 'R', Grass: 'G', Lightning: 'L',
  Metal: 'M', Psychic: 'P', Water: 'W',
};

/** One energy symbol: a coloured disc with its letter, named for screen readers. */
export function energySymbol(type: string): Html {
  return html`<span class="energy energy-${type.toLowerCase()}" role="img" aria-label="${type}" title="${type}">${ENERGY_LETTERS[type] ?? '?'}</span>`;
}

const energies = (types: readonly string[] | null) => (types ?? []).map(energySymbol);

function ability(item: Ability): Html {
  return html`<section class="ability">
      <h3>${item.type ? html`<span class="kind">${item.type}</span> ` : ''}${item.name ?? ''}</h3>
      ${item.effect ? html`<p>${item.effect}</p>` : ''}
    </section>`;
}

function attack(item: Attack): Html {
  const cost = item.cost && item.cost.length > 0 ? energies(item.cost) : html`<span class="no-cost">no cost</span>`;
  return html`<section class="attack">
      <h3><span class="cost">${cost}</span> <span class="attack-name">${item.name ?? ''}</span>${item.damage ? html` <span class="damage">${item.damage}</span>` : ''}</h3>
      ${item.effect ? html`<p>${item.effect}</p>` : ''}
    </section>`;
}

function modifiers(items: readonly WeaknessOrResistance[] | null): Html | string {
  if (!items || items.length === 0) return 'none';
  return html`${items.map((item, i) => html`${i > 0 ? ', ' : ''}${energySymbol(item.type)} ${item.value ?? ''}`)}`;
}

/** The card's game text as printed: abilities, attacks, a Trainer's or Energy's text, then weakness, resistance, retreat. */
export function gameText(card: CardWithLanguages): Html {
  const isPokemon = card.supertype === 'Pokemon';
  const retreat = card.retreat_cost === null ? 'none'
    : card.retreat_cost === 0 ? '0' : html`<span class="cost">${Array.from({ length: card.retreat_cost }, () => energySymbol('Colorless'))}</span> (${card.retreat_cost})`;
  return html`<div class="game-text">
      ${(card.abilities ?? []).map(ability)}
      ${(card.attacks ?? []).map(attack)}
      ${card.rules_text ? html`<p class="rules-text">${card.rules_text}</p>` : ''}
      ${isPokemon ? html`<dl class="stats">
        <div><dt>Weakness</dt><dd>${modifiers(card.weaknesses)}</dd></div>
        <div><dt>Resistance</dt><dd>${modifiers(card.resistances)}</dd></div>
        <div><dt>Retreat</dt><dd>${retreat}</dd></div>
      </dl>` : ''}
    </div>`;
}

/** The vocabulary's words as a card prints them, where they differ (the vocabulary has no accents or spaces there). */
const KIND_LABELS: Record<string, string> = { Pokemon: 'Pokémon', Stage1: 'Stage 1', Stage2: 'Stage 2', Normal: 'Basic' };

/** A card's supertype and subtypes as people read them: `Pokémon Stage 2`. */
export function kindWords(card: Pick<CardWithLanguages, 'supertype' | 'subtypes'>): string[] {
  return [card.supertype, ...(card.subtypes ?? [])].filter((kind): kind is string => Boolean(kind)).map((kind) => KIND_LABELS[kind] ?? kind);
}

/** The line under the name: supertype and subtypes, HP, energy types. */
export function cardKind(card: CardWithLanguages): Html {
  const kinds = kindWords(card).join(' · ');
  return html`<p class="kind-line">${kinds}${card.hp !== null ? html` · <span class="hp">HP ${card.hp}</span>` : ''}${card.types?.length ? html` · ${energies(card.types)}` : ''}</p>`;
}
