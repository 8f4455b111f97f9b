import { Type, type Static } from '@sinclair/typebox';
import { FORMATS } from '../vocabulary/cardVocabulary.js';
import { DECK_RULES } from '../vocabulary/deckRuleNames.js';
import { Card } from './card.js';
import { Language, RetrievedAt } from './common.js';

/** The longest deck list read, in characters: a 60-card list is under 2,000. */
export const MAX_DECK_LIST_LENGTH = 20_000;
/**
 * The largest body the deck check reads: 20,000 characters of the list, each escaped in JSON as
 * at most 6 bytes (`\u00e9`), and the other fields.
 */
export const DECK_CHECK_BODY_LIMIT = 128 * 1024;

export const DeckFormat = Type.Union(FORMATS.map((format) => Type.Literal(format)), {
  description: 'The format whose rules the deck is checked against.',
  examples: ['standard'],
});

export const DeckCheckRequest = Type.Object(
  {
    list: Type.String({
      minLength: 1, maxLength: MAX_DECK_LIST_LENGTH, pattern: '\\S',
      description: 'The deck list as pasted: a Pokémon TCG Live export (`4 Ultra Ball SVI 196`), a Limitless list, or ' +
        'the older PTCGO form (`* 4 Ultra Ball SVI 196`). Headers (`Pokémon: 12`), blank lines and the `Total Cards` ' +
        'trailer are skipped. At most 20,000 characters and 100 card lines.',
      examples: ['Pokémon: 1\n4 Ralts SVI 84\nTrainer: 1\n4 Ultra Ball SVI 196\nEnergy: 1\n8 Basic {P} Energy SVE 5\n'],
    }),
    format: Type.Optional({ ...DeckFormat, default: 'standard' }),
    lang: Type.Optional({ ...Language, default: 'en', description: 'The language of the list: its lines resolve to cards of this language.' }),
  },
  { title: 'DeckCheckRequest' },
);
export type DeckCheckRequest = Static<typeof DeckCheckRequest>;

const lineNumber = Type.Integer({ minimum: 1, description: 'The 1-based line of the pasted text.' });
const lineText = Type.String({ description: 'The line as sent.' });

export const DeckCard = Type.Object(
  {
    line: lineNumber,
    text: lineText,
    count: Type.Integer({ minimum: 1, description: 'The copies the line asks for.' }),
    card: Card,
    legal: Type.Boolean({ description: 'Whether the card may be played in the format (the card\'s legalities).' }),
  },
  { title: 'DeckCard', additionalProperties: false, description: 'A line of the list and the card it names.' },
);

export const UnresolvedDeckLine = Type.Object(
  {
    line: lineNumber,
    text: lineText,
    reason: Type.String({ description: 'Why the line names no card: an unknown set code, a number the set lacks, a name that is not the card\'s; with the nearest matches.' }),
  },
  { title: 'UnresolvedDeckLine', additionalProperties: false, description: 'A card line that names no card of the catalog.' },
);

export const DeckRule = Type.Union(DECK_RULES.map((rule) => Type.Literal(rule)), {
  description: 'The rule broken: deck_size (not exactly 60 cards), copies (more than 4 of one name across printings, basic ' +
    'Energy excepted), ace_spec (more than one ACE SPEC card), radiant (more than one Radiant Pokémon), prism_star (two ' +
    'of one Prism Star name), no_basic (no Basic Pokémon), not_legal (cards not legal in the format), unresolved (lines ' +
    'that name no card).',
});

export const DeckProblem = Type.Object(
  {
    rule: DeckRule,
    message: Type.String({ description: 'What is wrong, in a sentence.' }),
    lines: Type.Array(lineNumber, { description: 'The lines at fault (empty when the deck as a whole is).' }),
  },
  { title: 'DeckProblem', additionalProperties: false },
);

export const DeckCheck = Type.Object(
  {
    format: DeckFormat,
    legal: Type.Boolean({ description: 'True only when problems is empty.' }),
    card_count: Type.Integer({ minimum: 0, description: 'The copies every card line asks for, summed (resolved or not).' }),
    cards: Type.Array(DeckCard, { description: 'One entry per resolved line, in the order of the list.' }),
    unresolved: Type.Array(UnresolvedDeckLine, { description: 'The card lines that name no card, in the order of the list.' }),
    problems: Type.Array(DeckProblem),
  },
  { title: 'DeckCheck', additionalProperties: false },
);
export type DeckCheck = Static<typeof DeckCheck>;

export const DeckCheckResult = Type.Object(
  { data: DeckCheck, retrieved_at: RetrievedAt },
  { title: 'DeckCheckResult', additionalProperties: false },
);
