import type { PtcgCard } from '../../schemas/pokemontcgIo.js';

/*
 * pokemontcg.io's card and set objects as /v2 serves them: the types of their schemas
 * (src/schemas/pokemontcgIo.ts, which the OpenAPI document shows), and the parts the conversion
 * builds one at a time.
 */
export type { PtcgCard, PtcgLegalities, PtcgLegality, PtcgSet } from '../../schemas/pokemontcgIo.js';
export type PtcgAbility = NonNullable<PtcgCard['abilities']>[number];
export type PtcgAttack = NonNullable<PtcgCard['attacks']>[number];
export type PtcgWeaknessOrResistance = NonNullable<PtcgCard['weaknesses']>[number];
