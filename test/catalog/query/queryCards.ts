import type { FieldCatalog } from '../../../src/catalog/query/fieldCatalog.js';

/**
 * A few cards shaped like pokemontcg.io's (hp a string, the set inside the card, legalities with
 * the key absent when not legal), written for the query tests: made up, not copied from any catalog.
 */
export const QUERY_CARDS = [
  card('base1-4', 'Charizard', 'Pokémon', ['Stage 2'], '120', ['Fire'], [['Fire Spin', 4]], base1(), [6], {}, '4'),
  card('sv3pt5-6', 'Charizard ex', 'Pokémon', ['Stage 2', 'ex'], '330', ['Fire'], [['Brave Wing', 1], ['Explosive Vortex', 4]],
    { id: 'sv3pt5', name: '151', releaseDate: '2023/09/22' }, [6], { standard: 'Legal' }, '6'),
  card('base5-4', 'Dark Charizard', 'Pokémon', ['Stage 2'], '80', ['Fire'], [['Nail Flick', 0], ['Continuous Fireball', 2]],
    { id: 'base5', name: 'Team Rocket', releaseDate: '2000/04/24' }, [6], {}, '4'),
  card('base1-46', 'Charmander', 'Pokémon', ['Basic'], '50', ['Fire'], [['Scratch', 1], ['Ember', 2]], base1(), [4], {}, '46'),
  card('swsh1-1', 'Venusaur V', 'Pokémon', ['Basic', 'V'], '220', ['Grass'], [['Double-Edge', 3]],
    { id: 'swsh1', name: 'Sword & Shield', releaseDate: '2020/02/07' }, [3], { standard: 'Legal' }, '1'),
  card('base1-15', 'Venusaur', 'Pokémon', ['Stage 2'], '100', ['Grass'], [['Solarbeam', 4]], base1(), [3], {}, '15'),
  card('xy1-2', 'M Blastoise-EX', 'Pokémon', ['MEGA', 'EX'], '220', ['Water'], [['Hydro Bombard', 4]],
    { id: 'xy1', name: 'XY', releaseDate: '2014/02/05' }, [9], {}, '2'),
  card('xy7-54', 'Forest of Giant Plants', 'Trainer', ['Stadium'], null, null, null,
    { id: 'xy7', name: 'Ancient Origins', releaseDate: '2015/08/12' }, null, { standard: 'Banned' }, '54'),
  card('swsh12tg-TG10', 'Pikachu', 'Pokémon', ['Basic'], '70', ['Lightning'], [['Thunderbolt', 3]], trainerGallery(), [25], { standard: 'Legal' }, 'TG10'),
  card('swsh12tg-TG2', 'Ｐｉｋａｃｈｕ ＶＭＡＸ', 'Pokémon', ['VMAX'], '310', ['Lightning'], [['G-Max Volt Tackle', 3]], trainerGallery(), [25], {}, 'TG2'),
  card('swsh12tg-TG01', 'ピカチュウ', 'Pokémon', ['Basic'], '60', ['Lightning'], [['Quick Attack', 2]], trainerGallery(), [25], {}, 'TG01'),
  card('base1-92', 'Water Energy', 'Energy', ['Basic'], null, null, null, base1(), null, {}, '102'),
];

export const QUERY_FIELDS: FieldCatalog = {
  id: { kind: 'keyword', sortable: true },
  name: { kind: 'text', sortable: true },
  supertype: { kind: 'text', sortable: true },
  subtypes: { kind: 'text' },
  hp: { kind: 'number', sortable: true },
  types: { kind: 'text' },
  'attacks.name': { kind: 'text' },
  'attacks.convertedEnergyCost': { kind: 'number' },
  'set.id': { kind: 'keyword', sortable: true },
  'set.name': { kind: 'text', sortable: true },
  'set.releaseDate': { kind: 'date', sortable: true },
  nationalPokedexNumbers: { kind: 'number', sortable: true },
  'legalities.standard': { kind: 'keyword' },
  number: { kind: 'keyword', sortable: true },
};

function base1() {
  return { id: 'base1', name: 'Base', releaseDate: '1999/01/09' };
}

function trainerGallery() {
  return { id: 'swsh12tg', name: 'Silver Tempest Trainer Gallery', releaseDate: '2022/11/11' };
}

function card(
  id: string, name: string, supertype: string, subtypes: string[], hp: string | null, types: string[] | null,
  attacks: Array<[string, number]> | null, set: object, dex: number[] | null, legalities: object, number: string,
) {
  return {
    id, name, supertype, subtypes,
    ...(hp === null ? {} : { hp }),
    ...(types === null ? {} : { types }),
    ...(attacks === null ? {} : { attacks: attacks.map(([attack, cost]) => ({ name: attack, convertedEnergyCost: cost })) }),
    set, number,
    ...(dex === null ? {} : { nationalPokedexNumbers: dex }),
    legalities,
  };
}
