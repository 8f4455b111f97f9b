import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentIndex } from '../../../src/catalog/query/documentIndex.js';
import { parseQuery } from '../../../src/catalog/query/queryParser.js';
import { scriptAwareWords, widenSingleCharacters } from '../../../src/catalog/query/spacelessScripts.js';
import type { FieldCatalog } from '../../../src/catalog/query/fieldCatalog.js';

const FIELDS: FieldCatalog = { id: { kind: 'keyword' }, name: { kind: 'text', sortable: true }, text: { kind: 'text' } };
const DOCUMENTS = [
  { id: 'ja-1', name: 'リザードン', text: '自分の山札からエネルギーを1枚選び、手札に加える。' },
  { id: 'ja-2', name: 'メガリザードンXex', text: null },
  { id: 'ja-3', name: 'かがやくリザードン', text: null },
  { id: 'ja-4', name: 'リザード', text: null },
  { id: 'zh-1', name: '噴火龍ex', text: '從自己的牌庫選擇1張卡，加入手牌。' },
  { id: 'th-1', name: 'ลิซาร์ดอน', text: null },
  { id: 'en-1', name: 'Charizard ex', text: 'Search your deck for an Energy card.' },
];

describe('scriptAwareWords: Japanese, Chinese and Thai matched anywhere in the text', () => {
  const index = new DocumentIndex(DOCUMENTS, FIELDS, 'id', scriptAwareWords);
  const ids = (query: string) => index.search({ query: widenSingleCharacters(parseQuery(query, FIELDS), FIELDS), offset: 0, limit: 100 })
    .ordinals.map((at) => DOCUMENTS[at]!.id);

  it('cuts a spaceless run into overlapping pairs, and leaves spaced words as spacedWords cuts them', () => {
    assert.deepEqual(scriptAwareWords.words('メガリザードンXex'), ['メガ', 'ガリ', 'リザ', 'ザー', 'ード', 'ドン', 'xex']);
    assert.deepEqual(scriptAwareWords.words('噴火龍'), ['噴火', '火龍']);
    assert.deepEqual(scriptAwareWords.words('炎 Pokémon-EX'), ['炎', 'pokemon', 'ex'], 'a run of one character stays whole');
    assert.deepEqual(widenSingleCharacters(parseQuery('name:炎 name:a', FIELDS), FIELDS), {
      kind: 'and',
      children: [
        { kind: 'or', children: [{ kind: 'wildcard', field: 'name', pattern: '炎*', exact: false }, { kind: 'wildcard', field: 'name', pattern: '*炎', exact: false }] },
        { kind: 'term', field: 'name', value: 'a' },
      ],
    });
    assert.deepEqual(scriptAwareWords.words('ぴかちゅう'), scriptAwareWords.words('ピカチュウ'), 'kana folded as search folds');
  });

  it('a name matches inside a longer one, in every spaceless script', () => {
    assert.deepEqual(ids('name:リザードン'), ['ja-1', 'ja-2', 'ja-3']);
    assert.deepEqual(ids('name:りざーどん'), ['ja-1', 'ja-2', 'ja-3'], 'hiragana finds katakana');
    assert.deepEqual(ids('name:ザード'), ['ja-1', 'ja-2', 'ja-3', 'ja-4']);
    assert.deepEqual(ids('name:火龍'), ['zh-1']);
    assert.deepEqual(ids('name:ซาร์ดอน'), ['th-1']);
    assert.deepEqual(ids('text:山札'), ['ja-1']);
    assert.deepEqual(ids('text:札'), ['ja-1'], 'one character, inside a run');
    assert.deepEqual(ids('text:手'), ['ja-1', 'zh-1'], 'one character, in two scripts');
    assert.deepEqual(ids('name:ン'), ['ja-1', 'ja-2', 'ja-3'], 'one character, ending a run');
    assert.deepEqual(ids('name:龍'), ['zh-1']);
    assert.deepEqual(ids('-name:龍 name:ex'), ['en-1']);
    assert.deepEqual(ids('text:"牌庫選擇"'), ['zh-1']);
  });

  it('the pairs must stand in sequence, and spaced words still match whole', () => {
    assert.deepEqual(ids('name:リザドン'), [], 'pairs of the text, but not one after another');
    assert.deepEqual(ids('name:charizard'), ['en-1']);
    assert.deepEqual(ids('name:chari'), [], 'a spaced word matches whole');
    assert.deepEqual(ids('!name:リザードン'), ['ja-1'], '! the whole value');
    assert.deepEqual(ids('name:リザードン -name:メガ'), ['ja-1', 'ja-3']);
  });
});
