import { CARD_QUERY_FIELDS } from '../catalog/cardQuery/cardQueryFields.js';
import type { FieldKind } from '../catalog/query/fieldCatalog.js';
import { html } from './html.js';
import { renderPage } from './layout.js';
import { searchUrl } from './searchPage.js';

/** Each operator with an example, whose link is the search page of it. */
const OPERATORS: ReadonlyArray<{ operator: string; example: string; matches: string }> = [
  { operator: 'field:value', example: 'name:glurak', matches: 'a word of a text field, the whole value of a keyword field, a number or a date' },
  { operator: 'field:"a phrase"', example: 'attacks.effect:"search your deck"', matches: 'the words one after another' },
  { operator: '* and ?', example: 'name:char*der', matches: 'any characters, or one, inside a word' },
  { operator: '!field:value', example: '!name:charizard', matches: 'the whole value, nothing more' },
  { operator: '-field:value', example: 'name:pikachu -name:v', matches: 'not' },
  { operator: 'a b, a AND b', example: 'types:fire legal:standard', matches: 'both' },
  { operator: 'a OR b', example: 'name:glurak OR name:dracaufeu', matches: 'either (AND binds tighter)' },
  { operator: '( )', example: '(types:fire OR types:water) hp:>=100', matches: 'a group' },
  { operator: '[a TO b], {a TO b}, *', example: 'hp:[100 TO *]', matches: 'a range, inclusive or exclusive, open with *' },
  { operator: '>, >=, <, <=', example: 'retreat_cost:<=1', matches: 'one side of a range' },
  { operator: 'field:*', example: 'abilities.name:*', matches: 'the field has a value' },
];

/** An example of each field, linked like the operators'. */
const FIELD_EXAMPLES: Readonly<Record<string, string>> = {
  id: 'id:en-base1-4', name: 'name:リザードン', lang: 'lang:de name:pikachu', number: 'number:4 set.code:BS', hp: 'hp:>=300',
  types: 'types:dragon', supertype: 'supertype:energy', subtypes: 'subtypes:vstar', rarity: 'rarity:"illustration rare"',
  artist: 'artist:sugimori', regulation_mark: 'regulation_mark:h', evolves_from: 'evolves_from:eevee', pokedex_numbers: 'pokedex_numbers:[1 TO 151]',
  retreat_cost: 'retreat_cost:0', 'attacks.name': 'attacks.name:"hydro pump"', 'attacks.damage': 'attacks.damage:300',
  'attacks.effect': 'attacks.effect:"search your deck"', 'abilities.name': 'abilities.name:*', 'abilities.effect': 'abilities.effect:"once during your turn"',
  'weaknesses.type': 'weaknesses.type:lightning', 'resistances.type': 'resistances.type:fighting', rules_text: 'rules_text:"prize cards"',
  flavor_text: 'flavor_text:volcano', 'set.id': 'set.id:en-base1', 'set.code': 'set.code:PAL', 'set.name': 'set.name:"paldea evolved"',
  'set.series': 'set.series:scarlet', 'set.release_date': 'set.release_date:[2024 TO *]', legal: 'legal:standard', variant: 'variant:reverse-holo',
};

const KIND_WORDS: Record<FieldKind, string> = { text: 'words', keyword: 'whole value', number: 'number', date: 'date' };

const example = (query: string) => html`<a href="${searchUrl({}, { q: query })}"><code>${query}</code></a>`;

/** /search/syntax: the query language's operators and the fields a query names, each with a working example. */
export function renderQuerySyntaxPage(): string {
  return renderPage({
    title: 'Query syntax',
    description: 'The query language of the card search: every field and operator, with examples.',
    heading: 'Query syntax',
    apiCall: null,
    body: html`<p>The search box takes a query when it names a field. Text matches in the card's own language, with case,
      accents and kana folded; in Japanese, Chinese and Thai a term matches anywhere in the text. The API takes the same
      query: <code>GET /v1/cards?query=</code>.</p>
    <h2>Operators</h2>
    <table class="syntax"><thead><tr><th>operator</th><th>example</th><th>matches</th></tr></thead><tbody>
      ${OPERATORS.map(({ operator, example: query, matches }) => html`<tr><td><code>${operator}</code></td><td>${example(query)}</td><td>${matches}</td></tr>`)}
    </tbody></table>
    <h2>Fields</h2>
    <table class="syntax"><thead><tr><th>field</th><th>matches</th><th>example</th></tr></thead><tbody>
      ${Object.entries(CARD_QUERY_FIELDS).map(([field, spec]) => html`<tr><td><code>${field}</code></td><td>${KIND_WORDS[spec.kind]}</td><td>${FIELD_EXAMPLES[field] ? example(FIELD_EXAMPLES[field]) : ''}</td></tr>`)}
    </tbody></table>`,
  });
}
