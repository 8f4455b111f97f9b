import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalSetCode, gallerySetCode, SET_CODE_ALIASES } from '../../src/decks/setCodeAliases.js';

describe('canonicalSetCode turns the codes players paste into the catalog abbreviations', () => {
  it('maps the clients\' promo codes to TCGdex\'s: PR-SV is SVP, PR-SW SWSHP, PR-SM SMP, PR-XY XYP, PR-BLW BWP', () => {
    assert.equal(canonicalSetCode('PR-SV'), 'SVP');
    assert.equal(canonicalSetCode('PR-SW'), 'SWSHP');
    assert.equal(canonicalSetCode('PR-SM'), 'SMP');
    assert.equal(canonicalSetCode('PR-XY'), 'XYP');
    assert.equal(canonicalSetCode('PR-BLW'), 'BWP');
  });

  it('maps the online codes of HeartGold SoulSilver and Black & White sets to the printed ones', () => {
    assert.deepEqual(['UD', 'TM', 'CL', 'EPO'].map(canonicalSetCode), ['UND', 'TRI', 'COL', 'EP']);
  });

  it('reads codes in any case, trimmed', () => {
    assert.equal(canonicalSetCode('pr-sv'), 'SVP');
    assert.equal(canonicalSetCode(' svi '), 'SVI');
    assert.equal(canonicalSetCode('Pal'), 'PAL');
  });

  it('passes through codes that are already the catalog\'s, promos with a PR- abbreviation included', () => {
    for (const code of ['SVI', 'PAL', 'SVE', 'MEE', 'MEG', 'PR-HS', 'PR-DPP', 'PR-NP', 'CRZ:GG', 'ENERGY']) {
      assert.equal(canonicalSetCode(code), code);
    }
  });

  it('leaves alone the codes that name another set in TCGdex (TR, RR)', () => {
    assert.equal(canonicalSetCode('TR'), 'TR');
    assert.equal(canonicalSetCode('RR'), 'RR');
  });

  it('is one upper-cased table whose targets are never themselves aliased', () => {
    for (const [code, abbreviation] of SET_CODE_ALIASES) {
      assert.equal(code, code.toUpperCase());
      assert.equal(SET_CODE_ALIASES.has(abbreviation), false, abbreviation);
    }
  });
});

describe('gallerySetCode finds the gallery set of a gallery number', () => {
  it('sends CRZ GG35, BRS TG05 and SHF SV107 to CRZ:GG, BRS:TG and SHF:SV', () => {
    assert.equal(gallerySetCode('CRZ', 'GG35'), 'CRZ:GG');
    assert.equal(gallerySetCode('brs', 'tg05'), 'BRS:TG');
    assert.equal(gallerySetCode('SHF', 'SV107'), 'SHF:SV');
    assert.equal(gallerySetCode('HIF', 'SV49'), 'HIF:SV', 'Hidden Fates\' Shiny Vault, whose HIF:SV the importer fills');
  });

  it('is null for main-set numbers and for sets without a gallery', () => {
    assert.equal(gallerySetCode('CRZ', '160'), null);
    assert.equal(gallerySetCode('SVI', 'TG05'), null);
    assert.equal(gallerySetCode('PR-SW', 'SWSH262'), null);
  });
});
