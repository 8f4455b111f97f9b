/**
 * A 60-card Gardevoir ex list of 20 card lines as Pokémon TCG Live exports it, naming real cards of
 * the full catalog (en) by set code and number as printed: for the full-catalog test and the
 * bench's deck-check scenario.
 */
export const REAL_TCG_LIVE_LIST = [
  'Pokémon: 14',
  '4 Ralts SVI 84',
  '3 Kirlia SVI 85',
  '2 Gardevoir ex SVI 86',
  '2 Drifloon SVI 89',
  '1 Drifblim SVI 90',
  '2 Munkidori TWM 95',
  '',
  'Trainer: 31',
  '4 Ultra Ball SVI 196',
  '4 Rare Candy SVI 191',
  '3 Boss\'s Orders (Ghetsis) PAL 172',
  '1 Super Rod PAL 188',
  '4 Iono PAL 185',
  '4 Buddy-Buddy Poffin TEF 144',
  '2 Night Stretcher SFA 61',
  '1 Prime Catcher TEF 157',
  '2 Counter Catcher PAR 160',
  '4 Professor\'s Research (Professor Sada) SVI 189',
  '1 Unfair Stamp TWM 165',
  '1 Bravery Charm PAL 173',
  '',
  'Energy: 15',
  '1 Legacy Energy TWM 167',
  '14 Basic {P} Energy SVE 5',
  '',
  'Total Cards: 60',
].join('\n');
