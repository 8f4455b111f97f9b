import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { otherLanguages, tcgdexIdOf } from '../../../src/catalog/rows/languageLinks.js';

describe('other_languages: the same TCGdex id in the other languages', () => {
  it('strips the record\'s own language, hyphenated codes included', () => {
    assert.equal(tcgdexIdOf({ id: 'de-base1-4', language: 'de' }), 'base1-4');
    assert.equal(tcgdexIdOf({ id: 'zh-tw-SV1a-001', language: 'zh-tw' }), 'SV1a-001');
    assert.equal(tcgdexIdOf({ id: 'es-mx-sv1-1', language: 'es-mx' }), 'sv1-1');
    assert.equal(tcgdexIdOf({ id: 'es-mx1-1', language: 'es' }), 'mx1-1', 'an es id is not taken for an es-mx one');
    assert.equal(tcgdexIdOf({ id: 'base1-4', language: 'en' }), null, 'an id without its language links nothing');
    assert.equal(tcgdexIdOf({ id: 'xx-base1-4', language: 'xx' }), null);
  });

  it('lists every other language in the order of the 16 codes, and nothing for a record alone', () => {
    const links = otherLanguages([
      { id: 'nl-sv1-1', language: 'nl', name: 'Een' },
      { id: 'es-mx-sv1-1', language: 'es-mx', name: 'Uno MX' },
      { id: 'en-sv1-1', language: 'en', name: 'One' },
      { id: 'es-sv1-1', language: 'es', name: 'Uno' },
      { id: 'en-sv1-2', language: 'en', name: 'Two' },
    ]).map((json) => JSON.parse(json));
    assert.deepEqual(links[0], [
      { language: 'en', id: 'en-sv1-1', name: 'One' },
      { language: 'es', id: 'es-sv1-1', name: 'Uno' },
      { language: 'es-mx', id: 'es-mx-sv1-1', name: 'Uno MX' },
    ]);
    assert.deepEqual(links[2].map((link: { language: string }) => link.language), ['es', 'es-mx', 'nl']);
    assert.deepEqual(links[4], []);
  });
});
