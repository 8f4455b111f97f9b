import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalSetCode, gallerySetCode, printedNumber, SET_CODE_ALIASES } from '../../src/vocabulary/setCodeAliases.js';

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

  it('maps the older promo codes players write: PR-DP and DPP, PR-HGSS and HSP, NP, PR-ME, PR-SWSH, PR-BW', () => {
    assert.deepEqual(['PR-DP', 'DPP', 'PR-HGSS', 'HSP', 'NP', 'PR-ME', 'PR-SWSH', 'PR-BW'].map(canonicalSetCode),
      ['PR-DPP', 'PR-DPP', 'PR-HS', 'PR-HS', 'PR-NP', 'MEP', 'SWSHP', 'BWP']);
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

describe('printedNumber gives a promo number its series\' letters', () => {
  it('turns PR-BLW 100 into BW100, PR-SW 179 into SWSH179, PR-DPP 1 into DP1, and keeps a number already lettered', () => {
    assert.equal(printedNumber('PR-BLW', '100'), 'BW100');
    assert.equal(printedNumber('PR-XY', '49'), 'XY49');
    assert.equal(printedNumber('pr-sw', '179'), 'SWSH179');
    assert.equal(printedNumber('PR-SM', '104'), 'SM104');
    assert.equal(printedNumber('PR-DPP', '1'), 'DP1');
    assert.equal(printedNumber('HSP', '18'), 'HGSS18');
    assert.equal(printedNumber('PR-SW', 'SWSH179'), 'SWSH179');
  });

  it('leaves the numbers of every other set as given, the digit-only promo sets included', () => {
    assert.equal(printedNumber('PR-SV', '1'), '1');
    assert.equal(printedNumber('SVI', '196'), '196');
    assert.equal(printedNumber('PR-NP', '3'), '3');
  });
});
