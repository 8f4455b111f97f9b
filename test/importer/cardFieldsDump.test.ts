import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ABILITY_TYPES, ENERGY_TYPES } from '../../src/vocabulary/cardVocabulary.js';
import { isBasicEnergy } from '../../src/importer/gameText.js';
import type { ImportReport } from '../../src/importer/importReport.js';
import { catalogLanguageOf, mapTcgdex } from '../../src/importer/mapTcgdex.js';
import { readTcgdexDump } from '../../src/importer/sources/tcgdexDump.js';
import type { TcgdexCard, TcgdexLanguageData, TcgdexTypeModifier } from '../../src/importer/tcgdexRecords.js';
import { LOCALIZED_LANGUAGES } from '../../src/importer/tcgdexVocabulary.js';
import type { CardRecord, WeaknessOrResistance } from '../../src/schemas/card.js';
import { needsSharedDump, sharedDumpDir } from '../support/shared.js';

/*
 * The card fields against the whole shared dump: sampled cards of every language, field by
 * field against the source records, and every card of the catalog for vocabulary words that
 * are not English. The expectations are written out here, apart from the importer's own code.
 */

const SAMPLE_SIZE = 50;
const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value);

/** Up to `size` items spread evenly over the list: the same cards on every run. */
function spread<T>(items: readonly T[], size: number): T[] {
  if (items.length <= size) return [...items];
  return Array.from({ length: size }, (_, i) => items[Math.floor((i * items.length) / size)]!);
}

/** The printed amount rule, written as a character table: the operator spellings the rules name, full-width digits. */
const CHARACTERS: Record<string, string> = {
  x: '×', X: '×', '×': '×', '+': '+', '＋': '+', '-': '-', '−': '-', '－': '-', '₋': '-',
};
function expectedAmount(source: string | number | undefined): string | null {
  if (source === undefined) return null;
  if (typeof source === 'number') return String(source);
  if (source.trim() === '') return null;
  const spelled = [...source.replace(/\s/g, '')]
    .map((ch) => CHARACTERS[ch] ?? (/[０-９]/.test(ch) ? String.fromCharCode(ch.charCodeAt(0) - 0xfee0) : ch))
    .join('');
  const operators = spelled.replace(/\d/g, '');
  return /^[+×-]?\d+[+×-]?$/.test(spelled) && operators.length <= 1 ? spelled : source;
}

const CANONICAL_ABILITY: Record<string, string> = { 'Poke-POWER': 'Poke-Power', 'Poke-BODY': 'Poke-Body' };
const canonicalAbility = (type: string | undefined) => (type === undefined ? null : CANONICAL_ABILITY[type] ?? type);
const sameLength = <T>(a: readonly unknown[] | undefined, b: readonly T[] | undefined) =>
  a && b && a.length === b.length ? b : undefined;

interface Sampled {
  lang: string;
  source: TcgdexCard;
  /** The English card of the same id, for a localized language. */
  en: TcgdexCard | undefined;
  card: CardRecord;
}

/** The expected energy types of a printed list: the English card's where it lines up, else English words of the same count. */
function checkEnergies(
  where: string, { lang, en }: Sampled, mapped: readonly string[] | null,
  source: readonly string[] | undefined, english: readonly string[] | undefined,
): void {
  // `Void` (one ja attack) is no energy type: the import leaves it out and reports it.
  const printed = (source ?? []).filter((type) => type !== 'Void');
  if (printed.length === 0) return assert.equal(mapped, null, where);
  if (!LOCALIZED_LANGUAGES.has(lang)) return assert.deepEqual(mapped, printed, where);
  assert.ok(mapped, where);
  const aligned = en ? sameLength(printed, english) : undefined;
  if (aligned) assert.deepEqual(mapped, aligned, `${where}: the English card's`);
  else assert.equal(mapped.length, printed.length, where);
  for (const type of mapped) assert.ok((ENERGY_TYPES as readonly string[]).includes(type), `${where}: ${type}`);
}

function checkModifiers(
  where: string, sampled: Sampled, mapped: WeaknessOrResistance[] | null,
  source: TcgdexTypeModifier[] | undefined, english: TcgdexTypeModifier[] | undefined,
): void {
  const english_ = sampled.en ? sameLength(source, english)?.map((e) => e.type!) : undefined;
  checkEnergies(`${where} types`, sampled, mapped?.map((m) => m.type) ?? null, source?.map((s) => s.type!), english_);
  mapped?.forEach((modifier, i) => assert.equal(modifier.value, expectedAmount(source![i]!.value), `${where} ${i} value`));
}

/** Each field's check, by the TCGdex field a card needs to be sampled for it. */
const FIELD_CHECKS: Record<string, (sampled: Sampled, report: ImportReport) => void> = {
  evolveFrom: ({ source, card }) => assert.equal(card.evolves_from, text(source.evolveFrom)),
  dexId: ({ source, card }) => assert.deepEqual(card.pokedex_numbers, [...new Set(source.dexId!.map(Math.trunc))]),
  description: ({ source, card }) => assert.equal(card.flavor_text, text(source.description)),
  abilities: ({ lang, source, en, card }) => {
    assert.equal(card.abilities?.length, source.abilities!.length);
    const english = en ? sameLength(source.abilities, en.abilities) : undefined;
    source.abilities!.forEach((ability, i) => {
      const mapped = card.abilities![i]!;
      assert.equal(mapped.name, text(ability.name), `ability ${i} name`);
      assert.equal(mapped.effect, text(ability.effect), `ability ${i} effect`);
      if (!LOCALIZED_LANGUAGES.has(lang)) assert.equal(mapped.type, canonicalAbility(ability.type), `ability ${i} type`);
      else if (english) assert.equal(mapped.type, canonicalAbility(english[i]!.type), `ability ${i} type: the English card's`);
      else assert.ok(mapped.type !== null && ABILITY_TYPES.includes(mapped.type), `ability ${i} type ${mapped.type}`);
    });
  },
  attacks: (sampled) => {
    const { source, en, card } = sampled;
    assert.equal(card.attacks?.length, source.attacks!.length);
    const english = en ? sameLength(source.attacks, en.attacks) : undefined;
    source.attacks!.forEach((attack, i) => {
      const mapped = card.attacks![i]!;
      assert.equal(mapped.name, text(attack.name), `attack ${i} name`);
      assert.equal(mapped.effect, text(attack.effect), `attack ${i} effect`);
      assert.equal(mapped.damage, expectedAmount(attack.damage), `attack ${i} damage`);
      checkEnergies(`attack ${i} cost`, sampled, mapped.cost, attack.cost, english?.[i]?.cost);
    });
  },
  weaknesses: (sampled) => checkModifiers('weaknesses', sampled, sampled.card.weaknesses, sampled.source.weaknesses, sampled.en?.weaknesses),
  resistances: (sampled) => checkModifiers('resistances', sampled, sampled.card.resistances, sampled.source.resistances, sampled.en?.resistances),
  retreat: ({ source, card }) => assert.equal(card.retreat_cost, source.retreat),
  effect: ({ source, card }) => assert.equal(card.rules_text, text(source.effect)),
  legal: ({ source, card }, report) => {
    // The source's flags, but where the mark majority or a rule of the game (gameRules.ts) made the card legal.
    const { legalityOutliers, gameRules } = report.notes!;
    const outlier = legalityOutliers.find((o) => o.card === card.id);
    const standard = gameRules.legalThroughReprint.standard.includes(card.id) || (outlier ? outlier.taken : source.legal!.standard);
    const expanded = source.legal!.expanded || gameRules.expandedFromStandard.includes(card.id) ||
      gameRules.legalThroughReprint.expanded.includes(card.id);
    assert.deepEqual(card.legalities, { standard, expanded });
  },
};

/** Values of the fields that are English everywhere, as a card holds them in its language. */
function vocabularyWords(card: TcgdexCard): Record<string, string[]> {
  return {
    supertype: card.category === undefined ? [] : [card.category],
    subtypes: [card.stage, card.suffix, card.trainerType, card.energyType].filter((v): v is string => v !== undefined),
    types: card.types ?? [],
    rarity: card.rarity === undefined ? [] : [card.rarity],
    'ability type': (card.abilities ?? []).flatMap((a) => (a.type === undefined ? [] : [a.type])),
    'energy type': [
      ...(card.attacks ?? []).flatMap((a) => a.cost ?? []),
      ...[...(card.weaknesses ?? []), ...(card.resistances ?? [])].flatMap((m) => (m.type === undefined ? [] : [m.type])),
    ],
  };
}

function catalogWords(card: CardRecord): Record<string, string[]> {
  return {
    supertype: card.supertype === null ? [] : [card.supertype],
    subtypes: card.subtypes ?? [],
    types: card.types ?? [],
    rarity: card.rarity === null ? [] : [card.rarity],
    'ability type': (card.abilities ?? []).flatMap((a) => (a.type === null ? [] : [a.type])),
    'energy type': [
      ...(card.attacks ?? []).flatMap((a) => a.cost ?? []),
      ...[...(card.weaknesses ?? []), ...(card.resistances ?? [])].map((m) => m.type),
    ],
  };
}

/**
 * The localized vocabulary words: every value fr, es, it, pt and de print in those fields that
 * no language with English vocabulary prints in the same field (`Feu`, `Dresseur`, `Talent`).
 */
function localizedWords(languages: readonly TcgdexLanguageData[]): Map<string, Set<string>> {
  const english = new Map<string, Set<string>>();
  const localized = new Map<string, Set<string>>();
  for (const { lang, cards } of languages) {
    const into = LOCALIZED_LANGUAGES.has(lang) ? localized : english;
    for (const card of cards) {
      for (const [field, words] of Object.entries(vocabularyWords(card))) {
        const set = into.get(field) ?? new Set<string>();
        into.set(field, set);
        for (const word of words) set.add(word);
      }
    }
  }
  for (const [field, words] of localized) for (const word of english.get(field) ?? []) words.delete(word);
  return localized;
}

/** Every `<card id> <field> <word>` of the catalog that is a localized word, or outside a closed vocabulary. */
function foreignWords(cards: Iterable<CardRecord>, localized: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  for (const card of cards) {
    for (const [field, words] of Object.entries(catalogWords(card))) {
      for (const word of words) {
        const closed = field === 'energy type' ? ENERGY_TYPES : field === 'ability type' ? ABILITY_TYPES : null;
        if (localized.get(field)?.has(word) || (closed && !(closed as readonly string[]).includes(word))) {
          found.push(`${card.id} ${field} ${word}`);
        }
      }
    }
  }
  return found;
}

describe('the card fields over the whole shared dump', needsSharedDump(), () => {
  const languages: TcgdexLanguageData[] = [];
  let mapped: ReturnType<typeof mapTcgdex>;
  let cards: Map<string, CardRecord>;
  before(async () => {
    for await (const language of readTcgdexDump(sharedDumpDir)) languages.push(language);
    mapped = mapTcgdex(languages);
    cards = new Map(mapped.catalog.cards.map((card) => [card.id, card]));
  });

  test('sampled cards of every language carry each field as the source has it', (t) => {
    const english = new Map(languages.find((l) => l.lang === 'en')!.cards.map((card) => [card.id, card]));
    const checked: string[] = [];
    for (const { lang, cards: sources } of languages) {
      const kept = sources.flatMap((source) => {
        const card = cards.get(`${catalogLanguageOf(lang)}-${source.id}`);
        return card ? [{ lang, source, card, en: LOCALIZED_LANGUAGES.has(lang) ? english.get(source.id) : undefined }] : [];
      });
      if (kept.length === 0) continue;
      for (const [field, check] of Object.entries(FIELD_CHECKS)) {
        const withField = kept.filter((sampled) => sampled.source[field as keyof TcgdexCard] !== undefined);
        const sample = spread(withField, SAMPLE_SIZE);
        for (const sampled of sample) {
          try {
            check(sampled, mapped.report);
          } catch (error) {
            assert.fail(`${sampled.card.id} ${field}: ${(error as Error).message}`);
          }
        }
        checked.push(`${lang} ${field} ${sample.length}`);
      }
      assert.ok(checked.some((line) => line.startsWith(`${lang} attacks`) && !line.endsWith(' 0')), `${lang} has attacks to check`);
    }
    t.diagnostic(`cards checked per language and field: ${checked.join(', ')}`);
  });

  test('no vocabulary field anywhere in the catalog holds a localized word or a word outside its vocabulary', () => {
    const localized = localizedWords(languages);
    // The check has something to find: the localized words it looks for, and a card that holds one.
    for (const [field, word] of [['supertype', 'Dresseur'], ['types', 'Feu'], ['rarity', 'Peu Commune'], ['ability type', 'Talent'], ['energy type', 'Incolore']]) {
      assert.ok(localized.get(field!)?.has(word!), `${word} is a localized ${field}`);
    }
    const sample = cards.get('fr-base1-4')!;
    const localizedCard = { ...sample, types: ['Feu'], attacks: [{ name: 'x', cost: ['Incolore'], damage: null, effect: null }] } as unknown as CardRecord;
    assert.deepEqual(foreignWords([localizedCard], localized), ['fr-base1-4 types Feu', 'fr-base1-4 energy type Incolore']);

    assert.deepEqual(foreignWords(cards.values(), localized), []);
  });

  test('an ability type is null only where the source names none', () => {
    let untyped = 0;
    for (const { lang, cards: sources } of languages) {
      for (const source of sources) {
        if (cards.has(`${catalogLanguageOf(lang)}-${source.id}`)) untyped += (source.abilities ?? []).filter((a) => a.type === undefined).length;
      }
    }
    const nullTypes = [...cards.values()].reduce((n, card) => n + (card.abilities ?? []).filter((a) => a.type === null).length, 0);
    assert.equal(nullTypes, untyped);
  });

  test('standard legality is unanimous within each language and regulation mark, but for basic Energy cards and reprints', () => {
    const outliers = mapped.report.notes!.legalityOutliers;
    const throughReprint = new Set(mapped.report.notes!.gameRules.legalThroughReprint.standard);
    const corrected = outliers.filter((o) => o.taken !== o.source).map((o) => `${o.card} ${o.mark} ${o.source}→${o.taken}`);
    // The two English outliers the dump is known for.
    assert.ok(corrected.includes('en-sv04-266 G true→false'));
    assert.ok(corrected.includes('en-mep-051 J false→true'));
    const languageOfSet = new Map(mapped.catalog.sets.map((set) => [set.id, set.language]));
    const flags = new Map<string, Set<boolean>>();
    for (const card of cards.values()) {
      if (card.regulation_mark === null || card.legalities === null || isBasicEnergy(card) || throughReprint.has(card.id)) continue;
      const key = `${languageOfSet.get(card.set_id)} ${card.regulation_mark}`;
      flags.set(key, (flags.get(key) ?? new Set()).add(card.legalities.standard));
    }
    for (const [key, seen] of flags) assert.equal(seen.size, 1, key);
    assert.deepEqual(flags.get('en H'), new Set([true]));
    assert.deepEqual(flags.get('en G'), new Set([false]));
  });

  test('the rarity None is null everywhere', () => {
    assert.equal([...cards.values()].filter((card) => card.rarity === 'None').length, 0);
    assert.equal(cards.get('en-2024sv-1')!.rarity, null);
  });

  test('sets carry their printed abbreviation', () => {
    const sets = new Map(mapped.catalog.sets.map((set) => [set.id, set]));
    assert.equal(sets.get('en-sv02')!.abbreviation, 'PAL');
    assert.equal(sets.get('en-sv01')!.abbreviation, 'SVI');
    assert.equal(sets.get('en-base1')!.abbreviation, 'BS');
    // The two TCGdex leaves without one, filled at import (tcgdexCanonical.ts, MISSING_ABBREVIATIONS).
    assert.equal(sets.get('en-swshp')!.abbreviation, 'SWSHP');
    assert.equal(sets.get('fr-swshp')!.abbreviation, 'SWSHP');
    assert.equal(sets.get('en-sma')!.abbreviation, 'HIF:SV');
    const filled: Record<string, string> = { swshp: 'SWSHP', sma: 'HIF:SV' };
    for (const { lang, sets: sources } of languages) {
      for (const source of spread(sources, SAMPLE_SIZE)) {
        const set = sets.get(`${catalogLanguageOf(lang)}-${source.id}`);
        if (set) assert.equal(set.abbreviation, source.abbreviation?.official ?? source.tcgOnline ?? filled[source.id] ?? null, set.id);
      }
    }
  });
});
