import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { catalogRows, type CatalogRows } from '../../../src/catalog/rows/catalogRows.js';
import { illustratorKey, pokemonSignature } from '../../../src/catalog/rows/printingSignatures.js';
import { mapTcgdex } from '../../../src/importer/mapTcgdex.js';
import { readTcgdexDump } from '../../../src/importer/sources/tcgdexDump.js';
import type { TcgdexLanguageData } from '../../../src/importer/tcgdexRecords.js';
import type { CardRecord } from '../../../src/schemas/card.js';
import type { LanguageLink } from '../../../src/schemas/common.js';
import { needsSharedDump, sharedDumpDir } from '../../support/shared.js';

/*
 * The links between the Asian catalogs and the English one on the full catalog, as an import
 * builds them (catalogRows: what both stores store and serve as they are).
 */

/**
 * Links checked by hand against both cards' data: the names (the Japanese one translated), HP,
 * each attack's Energy count and damage, the illustrator; for a Trainer or Energy its kind, its
 * illustrator, its rarity in each language and its text read in both. Across regulation marks
 * (`-` for none) and kinds, with how each was matched.
 */
const CHECKED: ReadonlyArray<readonly [asian: string, english: string, match: string, checked: string]> = [
  ['ja-PMCG6-015', 'en-gym2-48', 'printed', "-: Koga's Koffing (キョウのドガース): HP 50, attacks 1/10 2/30, Ken Sugimori"],
  ['ja-SM3p-021', 'en-sm3.5-20', 'printed', "-: Feraligatr (オーダイル): HP 160, attacks 3/80 4/130, nagimiso"],
  ['ja-SM6-039', 'en-sm6-53', 'printed', "-: Dragalge (ドラミドロ): HP 120, attacks 2/60, SATOSHI NAKAI"],
  ['ja-SM6-061', 'en-sm6-87', 'printed', "-: Sylveon (ニンフィア): HP 90, attacks 1/- 2/40, 0313"],
  ['ja-SM8-026', 'en-sm8-57', 'printed', "-: Delibird (デリバード): HP 90, attacks 1/- 2/30, Ken Sugimori"],
  ['ja-SM2L-014', 'en-sm2-38', 'set-order', "-: Wishiwashi GX (ヨワシGX): HP 210, attacks 1/20 5/120 5/220, 5ban Graphics"],
  ['ja-SM4A-054', 'en-sm4-107', 'set-order', "-: Alolan Exeggutor GX (アローラナッシーGX): HP 220, attacks 1/- 4/120 4/180, 5ban Graphics"],
  ['ja-SM8b-092', 'en-sm3-93', 'set-order', "-: Gardevoir GX (サーナイトGX): HP 230, attacks 1/30× 1/-, 5ban Graphics"],
  ['ja-SM8a-032', 'en-sm9-97', 'set-order', "-: Incineroar GX (ガオガエンGX): HP 250, attacks 3/130 3/10+, 5ban Graphics"],
  ['ja-SM12a-075', 'en-sm9-88', 'printed', "B: Absol (アブソル): HP 100, attacks 3/30+, nagimiso"],
  ['ja-SM12a-090', 'en-sm9-99', 'printed', "B: Jirachi (ジラーチ): HP 70, attacks 2/30, HYOGONOSUKE"],
  ['ja-SM12a-101', 'en-sm6-95', 'printed', "B: Ultra Necrozma GX (ウルトラネクロズマGX): HP 190, attacks 2/20+ 2/-, PLANETA Otani"],
  ['ja-SM12-073', 'en-sm12-165', 'printed', "C: Mega Lopunny & Jigglypuff GX (メガミミロップ&プリンGX): HP 240, attacks 3/60+ 1/-, Mitsuhiro Arita"],
  ['ja-SM11-061', 'en-sm11-139', 'printed', "C: Yveltal (イベルタル): HP 130, attacks 1/20+ 3/120, sui"],
  ['ja-SM10-002', 'en-sm10-6', 'printed', "C: Oddish (ナゾノクサ): HP 60, attacks 1/10, Asako Ito"],
  ['ja-SM9-070', 'en-sm9-124', 'printed', "C: Pidgeot (ピジョット): HP 130, attacks 2/60 3/-, Akira Komayama"],
  ['ja-SM10-100', 'en-sm10-198', 'printed', "C: Marshadow & Machamp GX (マーシャドー&カイリキーGX): HP 270, attacks 2/30+ 3/160 3/200, 5ban Graphics"],
  ['ja-SM10-102', 'en-sm10-202', 'set-order', "C: Honchkrow GX (ドンカラスGX): HP 210, attacks 3/90 2/-, sadaji"],
  ['ja-SM11b-041', 'en-sm12-184', 'set-order', "C: Silvally GX (シルヴァディGX): HP 210, attacks 2/50+ 2/-, Megumi Mizutani"],
  ['ja-SM9a-056', 'en-sm10-193', 'set-order', "C: Venomoth GX (モルフォンGX): HP 200, attacks 3/110+ 1/60, 5ban Graphics"],
  ['ja-SM11b-036', 'en-sm12-157', 'set-order', "C: Reshiram & Zekrom GX (レシラム&ゼクロムGX): HP 270, attacks 2/90× 4/-, Naoki Saito"],
  ['ja-SM10-056', 'en-sm10-109', 'set-order', "C: Honchkrow GX (ドンカラスGX): HP 210, attacks 3/90 2/-, sadaji"],
  ['ja-S8b-225', 'en-swsh9tg-TG13', 'printed', "D: Boltund V (パルスワンV): HP 200, attacks 1/- 2/10+, GIDORA"],
  ['ja-S8b-251', 'en-swsh10tg-TG22', 'printed', "D: Zamazenta V (ザマゼンタV): HP 230, attacks 3/130, Ryuta Fuse"],
  ['ja-S8b-205', 'en-swsh9tg-TG09', 'printed', "D: Ariados (アリアドス): HP 110, attacks 2/30, Shiburingaru"],
  ['ja-S8b-066', 'en-swsh4-69', 'printed', "D: Duskull (ヨマワル): HP 60, attacks 1/-, nagimiso"],
  ['ja-S6K-048', 'en-swsh7-97', 'printed', "E: Shiftry (ダーテング): HP 150, attacks 1/- 3/130, Masakazu Fukuda"],
  ['ja-S8b-037', 'en-swsh6-42', 'printed', "E: Drizzile (ジメレオン): HP 90, attacks 2/40, Mitsuhiro Arita"],
  ['ja-S7D-028', 'en-swsh8-165', 'printed', "E: Croagunk (グレッグル): HP 60, attacks 1/20, Nagomi Nijo"],
  ['ja-S8-073', 'en-swsh8-190', 'printed', "E: Corviknight (アーマーガア): HP 170, attacks 1/50 3/160, Ryuta Fuse"],
  ['ja-S8-082', 'en-swsh8-211', 'printed', "E: Delcatty (エネコロロ): HP 100, attacks 1/- 2/50×, kirisAki"],
  ['ja-S12a-008', 'en-swsh9-008', 'printed', "F: Torterra (ドダイトス): HP 190, attacks 2/50× 4/160, Oswaldo KATO"],
  ['ja-S9-020', 'en-swsh9-025', 'printed', "F: Monferno (モウカザル): HP 80, attacks 1/30 2/50, KEIICHIRO ITO"],
  ['ja-S10a-012', 'en-swsh11-044', 'printed', "F: Hisuian Basculin (ヒスイ バスラオ): HP 50, attacks 0/40, Oswaldo KATO"],
  ['ja-S12-053', 'en-swsh12.5-073', 'printed', "F: Rockruff (イワンコ): HP 60, attacks 1/- 2/20, OKACHEKE"],
  ['ja-S10a-025', 'en-swsh12-063', 'printed', "F: Misdreavus (ムウマ): HP 60, attacks 1/10, HYOGONOSUKE"],
  ['ja-SV8a-084', 'en-sv01-118', 'printed', "G: Hawlucha (ルチャブル): HP 70, attacks 3/70, GOSSAN"],
  ['ja-SV3-038', 'en-sv03-072', 'printed', "G: Toxtricity (ストリンダー): HP 140, attacks 1/- 2/50+, Anesaki Dynamic"],
  ['ja-SV3-028', 'en-sv03-055', 'printed', "G: Cryogonal (フリージオ): HP 90, attacks 1/30, kirisAki"],
  ['ja-SV4a-104', 'en-sv01-113', 'printed', "G: Riolu (リオル): HP 70, attacks 1/10 2/50, chibi"],
  ['ja-SV2D-036', 'en-sv02-110', 'printed', "G: Larvitar (ヨーギラス): HP 70, attacks 1/10×, Haru Akasaka"],
  ['ja-SV4a-276', 'en-sv04.5-169', 'set-order', "G: Mankey (マンキー): HP 60, attacks 1/30, nagimiso"],
  ['ja-SV4a-100', 'en-sv04.5-045', 'set-order', "G: Mankey (マンキー): HP 60, attacks 1/30, nagimiso"],
  ['ja-SV6-055', 'en-sv06-095', 'printed', "H: Munkidori (マシマシラ): HP 110, attacks 2/60, kodama"],
  ['ja-SV6-044', 'en-sv06-076', 'printed', "H: Kilowattrel (タイカイデン): HP 120, attacks 1/10 2/100, Anesaki Dynamic"],
  ['ja-SV7-060', 'en-sv07-088', 'printed', "H: Falinks (タイレーツ): HP 110, attacks 1/- 2/30+, Gapao"],
  ['ja-SV6a-050', 'en-sv06.5-050', 'printed', "H: Eevee (イーブイ): HP 70, attacks 1/- 2/20, Susumu Maeya"],
  ['ja-MC-206', 'en-sv07-039', 'printed', "H: Froakie (ケロマツ): HP 60, attacks 2/20, MINAMINAMI Take"],
  ['ja-SV10-084', 'en-sv10-156', 'printed', "I: Taillow (スバメ): HP 60, attacks 1/20, Ayako Ozaki"],
  ['ja-SV9-031', 'en-sv09-054', 'printed', "I: Iono's Wattrel (ナンジャモのカイデン): HP 60, attacks 1/10+, Akira Komayama"],
  ['ja-SV11W-136', 'en-sv10.5w-138', 'printed', "I: Scraggy (ズルッグ): HP 70, attacks 1/10 2/30, Nelnal"],
  ['ja-SV11W-013', 'en-sv10.5w-013', 'printed', "I: Emboar (エンブオー): HP 180, attacks 4/120, Teeziro"],
  ['ja-M2-086', 'en-me02-099', 'printed', "I: Yamper (ワンパチ): HP 70, attacks 2/20+, tono"],
  ['ja-M5-010', 'en-me05-011', 'printed', "J: Charcadet (カルボウ): HP 80, attacks 1/40, Ryuta Fuse"],
  ['ja-M5-031', 'en-me05-033', 'printed', "J: Shuppet (カゲボウズ): HP 50, attacks 1/10, Bun Toujo"],
  ['ja-MC-169', 'en-mep-036', 'printed', "J: Mega Feraligatr ex (メガオーダイルex): HP 370, attacks 3/200+, 5ban Graphics"],
  ['ja-MC-017', 'en-me02.5-009', 'printed', "J: Bayleef (ベイリーフ): HP 100, attacks 2/60, Tomomi Ozaki"],
  ['ja-MC-475', 'en-me02.5-139', 'printed', "J: Mandibuzz ex (バルジーナex): HP 260, attacks 2/- 3/160, Ultimateinudog"],
  ['ja-SV2a-181', 'en-svp-051', 'printed', "G: Snorlax (カビゴン): HP 150, attacks 3/130, GOSSAN"],
  ['ja-SV2a-183', 'en-svp-052', 'printed', "G: Mewtwo (ミュウツー): HP 130, attacks 2/20 3/130, Bun Toujo"],
  ['ja-SV2a-205', 'en-svp-053', 'printed', "G: Mew ex (ミュウex): HP 180, attacks 3/-, Natsumi Yoshida"],
  ['ja-SM8b-147', 'en-sm6-117', 'name', "-: Beast Energy ◇ (ビーストエネルギー): Energy Special, no illustrator, Rare Holo / Rare, same text"],
  ['ja-SM6b-066', 'en-sm7-151', 'set-order', "-: Rainbow Energy (レインボーエネルギー): Energy Special, no illustrator, Uncommon / Uncommon, same text"],
  ['ja-SM6b-086', 'en-sm7-183', 'set-order', "-: Rainbow Energy (レインボーエネルギー): Energy Special, no illustrator, Secret Rare / Secret Rare, same text"],
  ['ja-SM4A-061', 'en-sm4-122', 'set-order', "-: Counter Energy (カウンターエネルギー): Energy Special, no illustrator, Secret Rare / Secret Rare, same text"],
  ['ja-SM7-092', 'en-sm5-125', 'name', "-: Lillie (リーリエ): Trainer Supporter, Sanosuke Sakuma, Uncommon / Uncommon, same text"],
  ['ja-SVLS-019', 'en-sv04.5-080', 'name', "-: Iono (ナンジャモ): Trainer Supporter, Sanosuke Sakuma, no rarity / Uncommon, same text"],
  ['ja-SVLN-019', 'en-sv04.5-080', 'name', "-: Iono (ナンジャモ): Trainer Supporter, Sanosuke Sakuma, no rarity / Uncommon, same text"],
  ['ja-SM8a-058', 'en-sm9-177', 'set-order', "-: Jasmine (ミカン): Trainer Supporter, Hideki Ishikawa, Ultra Rare / Ultra Rare, same text"],
  ['ja-SM8a-050', 'en-sm9-150', 'set-order', "-: Nanu (クチナシ): Trainer Supporter, Ken Sugimori, Uncommon / Uncommon, same text"],
  ['ja-SM3H-057', 'en-sm3-145', 'set-order', "-: Plumeria (プルメリ): Trainer Supporter, Sanosuke Sakuma, Ultra Rare / Ultra Rare, same text"],
  ['ja-M-P-063', 'en-sm3-120', 'name', "A: Plumeria (プルメリ): Trainer Supporter, Ken Sugimori, Promo / Uncommon, same text"],
  ['ja-SM10-093', 'en-sm2-130', 'name', "A: Rescue Stretcher (レスキュータンカ): Trainer Item, Yoshinobu Saito, Rare Holo / Rare, same text"],
  ['ja-SM12a-170', 'en-sm5-136', 'name', "B: Super Boost Energy ◇ (超ブーストエネルギー): Energy Special, no illustrator, Rare Holo / Rare, same text"],
  ['ja-SM12a-172', 'en-sm6-117', 'name', "B: Beast Energy ◇ (ビーストエネルギー): Energy Special, no illustrator, Rare Holo / Rare, same text"],
  ['ja-SM12a-155', 'en-sm8-186', 'name', "B: Morty (マツバ): Trainer Supporter, Ken Sugimori, no rarity / Uncommon, same text"],
  ['ja-SM12a-167', 'en-sm9-134', 'name', "B: Black Market ◇ (ブラックマーケット): Trainer Stadium, 5ban Graphics, Rare Holo / Rare, same text"],
  ['ja-SM9-085', 'en-sm6-108', 'name', "B: Judge (ジャッジマン): Trainer Supporter, Sanosuke Sakuma, Uncommon / Uncommon, same text"],
  ['ja-SM9-079', 'en-sm9-155', 'set-order', "B: Unidentified Fossil (なぞの化石): Trainer Item, Toyste Beach, Common / Uncommon, same text"],
  ['ja-SM11-083', 'en-sm11-210', 'set-order', "B: Unidentified Fossil (なぞの化石): Trainer Item, Toyste Beach, Common / Uncommon, same text"],
  ['ja-SM12-084', 'en-sm12-207', 'set-order', "B: Unidentified Fossil (なぞの化石): Trainer Item, Toyste Beach, Common / Uncommon, same text"],
  ['ja-SM11a-060', 'en-sm12-209', 'set-order', "C: Draw Energy (ドローエネルギー): Energy Special, no illustrator, Common / Uncommon, same text"],
  ['ja-SM11a-080', 'en-sm12-271', 'set-order', "C: Draw Energy (ドローエネルギー): Energy Special, no illustrator, Secret Rare / Secret Rare, same text"],
  ['ja-SM11a-056', 'en-sm12-201', 'name', "C: Professor Oak’s Setup (オーキド博士のセッティング): Trainer Supporter, Megumi Mizutani, Uncommon / Uncommon, same text"],
  ['ja-SM11a-055', 'en-sm10-176', 'name', "C: Janine (アンズ): Trainer Supporter, Ken Sugimori, Uncommon / Uncommon, same text"],
  ['ja-SM10-089', 'en-sm10-179', 'set-order', "C: Martial Arts Dojo (格闘道場): Trainer Stadium, 5ban Graphics, Uncommon / Uncommon, same text"],
  ['ja-SM11-087', 'en-sm11-188', 'set-order', "C: Blue’s Tactics (グリーンの戦略): Trainer Supporter, Megumi Mizutani, Uncommon / Uncommon, same text"],
  ['ja-SM11a-052', 'en-sm12-192', 'set-order', "C: Great Catcher (グレートキャッチャー): Trainer Item, Studio Bora Inc., Uncommon / Uncommon, same text"],
  ['ja-S12a-172', 'en-swsh8-244', 'name', "E: Fusion Strike Energy (フュージョンエネルギー): Energy Special, no illustrator, no rarity / Uncommon, same text"],
  ['ja-S8-100', 'en-swsh8-244', 'set-order', "E: Fusion Strike Energy (フュージョンエネルギー): Energy Special, no illustrator, Uncommon / Uncommon, same text"],
  ['ja-S6K-070', 'en-swsh6-158', 'set-order', "E: Lucky Energy (ラッキーエネルギー): Energy Special, no illustrator, Uncommon / Uncommon, same text"],
  ['ja-S12a-139', 'en-swsh8-236', 'name', "E: Power Tablet (パワータブレット): Trainer Item, Toyste Beach, no rarity / Uncommon, same text"],
  ['ja-S8-099', 'en-swsh8-242', 'set-order', "E: Skaters' Park (スケーターズパーク): Trainer Stadium, Oswaldo KATO, Uncommon / Uncommon, same text"],
  ['ja-S6K-080', 'en-swsh6-189', 'set-order', "E: Caitlin (カトレア): Trainer Supporter, En Morikura, Ultra Rare / Ultra Rare, same text"],
  ['ja-S12a-153', 'en-swsh9-138', 'name', "F: Cynthia's Ambition (シロナの覇気): Trainer Supporter, Megumi Mizutani, no rarity / Uncommon, same text"],
  ['ja-S10a-084', 'en-swsh11-196', 'set-order', "F: Volo (ウォロ): Trainer Supporter, kirisAki, Ultra Rare / Ultra Rare, same text"],
  ['ja-S10P-061', 'en-swsh10-157', 'set-order', "F: Unidentified Fossil (なぞの化石): Trainer Item, AYUMI ODASHIMA, Common / Uncommon, same text"],
  ['ja-S10P-065', 'en-swsh10-144', 'set-order', "F: Grant (ザクロ): Trainer Supporter, Hideki Ishikawa, Uncommon / Uncommon, same text"],
  ['ja-SV2a-210', 'en-sv03.5-207', 'set-order', "G: Basic Psychic Energy (基本超エネルギー): Energy Normal, no illustrator, Mega Hyper Rare / Hyper rare, same text"],
  ['ja-SV8a-167', 'en-sv04-170', 'name', "G: Professor Sada's Vitality (オーリム博士の気迫): Trainer Supporter, Megumi Mizutani, no rarity / Uncommon, same text"],
  ['ja-SV-P-143', 'en-sv03.5-159', 'name', "G: Energy Sticker (エネルギーシール): Trainer Item, Ayaka Yoshida, Promo / Uncommon, same text"],
  ['ja-SV-P-245', 'en-me01-131', 'name', "G: Ultra Ball (ハイパーボール): Trainer Item, Ayaka Yoshida, Promo / Common, same text"],
  ['ja-SV1V-074', 'en-sv01-177', 'set-order', "G: Katy (カエデ): Trainer Supporter, Akira Komayama, Uncommon / Uncommon, same text"],
  ['ja-SV1S-074', 'en-sv01-175', 'set-order', "G: Jacq (ジニア): Trainer Supporter, GIDORA, Uncommon / Uncommon, same text"],
  ['ja-SV5K-071', 'en-sv05-162', 'set-order', "H: Neo Upper Energy (ネオアッパーエネルギー): Energy Special, no illustrator, ACE SPEC Rare / ACE SPEC Rare, same text"],
  ['ja-MC-683', 'en-sv06.5-063', 'name', "H: Powerglass (力の砂時計): Trainer Tool, Studio Bora Inc., no rarity / Uncommon, same text"],
  ['ja-MC-681', 'en-sv08.5-095', 'name', "H: Binding Mochi (くさりもち): Trainer Tool, 5ban Graphics, no rarity / Uncommon, same text"],
  ['ja-SV6a-061', 'en-sv06.5-056', 'set-order', "H: Cassiopeia (カシオペア): Trainer Supporter, Atsushi Furusawa, Uncommon / Uncommon, same text"],
  ['ja-SV6-123', 'en-sv06-204', 'set-order', "H: Carmine (ゼイユ): Trainer Supporter, kantaro, Ultra Rare / Ultra Rare, same text"],
  ['ja-SV8-101', 'en-sv08-188', 'set-order', "H: Technical Machine: Fluorite (ワザマシン フローライト): Trainer Tool, Studio Bora Inc., Uncommon / Uncommon, same text"],
  ['ja-M2a-192', 'en-me02.5-216', 'set-order', "I: Prism Energy (プリズムエネルギー): Energy Special, no illustrator, no rarity / Uncommon, same text"],
  ['ja-MC-651', 'en-me01-131', 'name', "I: Ultra Ball (ハイパーボール): Trainer Item, Ayaka Yoshida, no rarity / Common, same text"],
  ['ja-MC-638', 'en-me01-115', 'name', "I: Energy Switch (エネルギーつけかえ): Trainer Item, Studio Bora Inc., no rarity / Common, same text"],
  ['ja-SV10-092', 'en-sv10-170', 'set-order', "I: Team Rocket's Archer (ロケット団のアポロ): Trainer Supporter, Hideki Ishikawa, Uncommon / Uncommon, same text"],
  ['ja-M1L-062', 'en-me01-119', 'set-order', "I: Lillie's Determination (リーリエの決心): Trainer Supporter, Atsushi Furusawa, Uncommon / Uncommon, same text"],
  ['ja-SV11B-165', 'en-sv10.5b-163', 'set-order', "I: N's Plan (Nの筋書き): Trainer Supporter, hncl, Ultra Rare / Ultra Rare, same text"],
  ['ja-M4-082', 'en-me04-084', 'set-order', "J: Bubbly Water Energy (バブル水エネルギー): Energy Special, no illustrator, Rare / Rare, same text"],
  ['ja-M4-081', 'en-me04-086', 'set-order', "J: Nitro Fire Energy (ニトロ炎エネルギー): Energy Special, no illustrator, Rare / Rare, same text"],
  ['ja-M5-080', 'en-me05-084', 'set-order', "J: Voltaic Lightning Energy (ボルト雷エネルギー): Energy Special, no illustrator, Rare / Rare, same text"],
  ['ja-M-P-142', 'en-me04-082', 'name', "J: Special Red Card (スペシャルレッドカード): Trainer Item, Studio Bora Inc., Promo / Uncommon, same text"],
  ['ja-M4-110', 'en-me04-112', 'set-order', "J: Roxie's Performance (ホミカの演奏): Trainer Supporter, Nobusawa/Mochipuyo, Ultra Rare / Ultra Rare, same text"],
  ['ja-M4-111', 'en-me04-107', 'set-order', "J: Emma (マチエール): Trainer Supporter, Akira Komayama, Ultra Rare / Ultra Rare, same text"],
  ['ja-M5-108', 'en-me05-111', 'set-order', "J: Misty's Vitality (カスミの元気): Trainer Supporter, En Morikura, Ultra Rare / Ultra Rare, same text"],
  ['ja-SM5p-055', 'en-sm6-131', 'set-order', "-: Ultra Recon Squad (ウルトラ調査隊): Trainer Supporter, Megumi Mizutani, Ultra Rare / Ultra Rare, same text"],
  ['ja-CP1-032', 'en-dc1-32', 'set-order', "-: Team Magma's Secret Base (マグマ団の秘密基地): Trainer Stadium, Ryo Ueda, Uncommon / Uncommon, same text"],
  ['ja-S9a-082', 'en-swsh10-149', 'set-order', "-: Kamado (デンボク): Trainer Supporter, Hitoshi Ariga, no rarity / Uncommon, same text"],
  ['ja-SV2a-161', 'en-sv03.5-160', 'set-order', "G: Erika's Invitation (エリカの招待): Trainer Supporter, saino misaki, Uncommon / Uncommon, same text"],
  ['ja-SV4K-091', 'en-sv04-256', 'set-order', "G: Professor Sada's Vitality (オーリム博士の気迫): Trainer Supporter, Ryota Murayama, no rarity / Special illustration rare, same text"],
  ['ja-SV3a-088', 'en-sv04-258', 'set-order', "G: Rika (チリ): Trainer Supporter, kantaro, no rarity / Special illustration rare, same text"],
  ['ja-M1S-058', 'en-me01-121', 'set-order', "I: Mega Signal (メガシグナル): Trainer Item, Inose yukie, Uncommon / Uncommon, same text"],
  ['ja-M5-106', 'en-me05-113', 'set-order', "J: Tremendous Bomb (ごうかいボム): Trainer Tool, inose yukie, Ultra Rare / Ultra Rare, same text"],
  ['ja-M5-105', 'en-me05-106', 'set-order', "J: Dark Bell (ダークベル): Trainer Item, Toyste Beach, Ultra Rare / Ultra Rare, same text"],
  ['ja-SV9-089', 'en-sv09-153', 'set-order', "I: N's PP Up (Nのポイントアップ): Trainer Item, Toyste Beach, Uncommon / Uncommon, same text"],
  ['ja-S7D-057', 'en-swsh1-163', 'override', "D: Evolution Incense (しんかのおこう): Trainer Item, Ryo Ueda, Uncommon / Uncommon, same text"],
  ['ja-SV2P-071', 'en-sv02-192', 'override', "G: Reversal Energy (リバーサルエネルギー): Energy Special, no illustrator, Uncommon / Uncommon, same text"],
];

/** Pokémon Card 151 (ja SV2a) and 151 (en sv03.5): the Pokémon share their numbers, the rest is numbered otherwise. */
function english151(number: number): string {
  const promos: Record<number, string> = { 181: 'en-svp-051', 183: 'en-svp-052', 205: 'en-svp-053' };
  const trainers: Record<number, number> = {
    152: 159, 153: 162, 154: 153, 155: 152, 156: 154, 157: 164, 158: 155, 159: 165, 160: 163, 161: 160, 162: 161,
    163: 158, 164: 156, 165: 157, 182: 181, 196: 196, 197: 197, 198: 195, 199: 194, 206: 203, 207: 204, 208: 205, 209: 206, 210: 207,
  };
  if (promos[number]) return promos[number]!;
  let en = number;
  if (trainers[number]) en = trainers[number]!;
  else if (number >= 184 && number <= 195) en = number - 2;
  else if (number >= 200 && number <= 204) en = number - 2;
  return `en-sv03.5-${String(en).padStart(3, '0')}`;
}

describe('links between the Asian catalogs and English on the full catalog', needsSharedDump(), () => {
  let rows: CatalogRows;
  const cards = new Map<string, CardRecord>();
  const links = new Map<string, LanguageLink[]>();
  const matched = (id: string) => (links.get(id) ?? []).filter((link) => link.match !== undefined);

  before(async () => {
    const languages: TcgdexLanguageData[] = [];
    for await (const language of readTcgdexDump(sharedDumpDir, { languages: ['en', 'ja', 'ko', 'zh-tw', 'zh-cn', 'th', 'id'] })) languages.push(language);
    const { catalog } = mapTcgdex(languages);
    rows = catalogRows(catalog);
    for (const card of catalog.cards) cards.set(card.id, card);
    for (const row of rows.cards) links.set(row.id, JSON.parse(row.other_languages) as LanguageLink[]);
  });

  it('links every numbered card of Pokémon Card 151 to its English card, both ways, and to no other', () => {
    const japanese = rows.cards.filter((row) => row.set_id === 'ja-SV2a');
    assert.equal(japanese.length, 210);
    for (const row of japanese) {
      const expected = english151(Number(row.id.slice('ja-SV2a-'.length)));
      assert.deepEqual(matched(row.id).filter((link) => link.language === 'en').map((link) => link.id), [expected], row.id);
      const back = matched(expected).filter((link) => link.language === 'ja');
      assert.ok(back.some((link) => link.id === row.id), `${expected} links back to ${row.id}`);
      assert.deepEqual(back.filter((link) => link.id.startsWith('ja-SV2a-')).map((link) => link.id), [row.id], `${expected}: no other card of SV2a`);
    }
  });

  it('a Chinese printing of a Japanese card reaches the English one through it', () => {
    assert.deepEqual(matched('zh-tw-SV2a-006').map((link) => [link.id, link.match]), [['en-sv03.5-006', 'printed']]);
    assert.ok(matched('en-sv03.5-006').some((link) => link.id === 'zh-tw-SV2a-006'));
  });

  it('the hand-checked sample: each link there, both ways, made as listed', () => {
    assert.ok(CHECKED.length >= 100);
    const kinds = new Set(CHECKED.map(([asian]) => cards.get(asian)?.supertype));
    assert.deepEqual([...kinds].sort(), ['Energy', 'Pokemon', 'Trainer']);
    for (const [asian, english, match, checked] of CHECKED) {
      const link = matched(asian).find((l) => l.id === english);
      assert.equal(link?.match, match, `${asian} → ${english} (${checked})`);
      assert.equal(link.name, cards.get(english)!.name);
      assert.ok(matched(english).some((l) => l.id === asian && l.match === match), `${english} → ${asian}`);
    }
  });

  it('links no cards whose printed HP, attacks or illustrator differ, but by an override', () => {
    let compared = 0;
    for (const [id, list] of links) {
      const asian = cards.get(id)!;
      if (id.startsWith('en-')) continue;
      for (const link of list) {
        if (link.match === undefined || link.match === 'override') continue;
        const english = cards.get(link.id)!;
        compared += 1;
        assert.equal(illustratorKey(english.artist), illustratorKey(asian.artist), `${id} → ${link.id}: illustrator`);
        if (asian.supertype === 'Pokemon') {
          assert.equal(pokemonSignature(english), pokemonSignature(asian), `${id} → ${link.id}: HP, attacks`);
          assert.equal(String(english.hp), String(asian.hp), `${id} → ${link.id}: HP`);
        }
      }
    }
    assert.ok(compared > 10_000, `${compared} links compared`);
  });

  it('a set names its counterpart sets with the share of its cards linked, both ways', () => {
    const setLinks = (id: string) => (JSON.parse(rows.sets.find((set) => set.id === id)!.other_languages) as LanguageLink[]).filter((l) => l.match);
    const ja = setLinks('ja-SV2a');
    assert.deepEqual(ja.map((l) => l.id), ['en-sv03.5']);
    assert.ok(ja[0]!.linked_share! > 0.95 && ja[0]!.linked_share! <= 1, String(ja[0]!.linked_share));
    assert.ok(setLinks('en-sv03.5').some((l) => l.id === 'ja-SV2a' && l.linked_share! > 0.95));
  });

  it('the same cards give the same links', () => {
    const again = catalogRows({ sets: [...rows.sets].map((set) => JSON.parse(set.doc)), cards: [...cards.values()] });
    const before = new Map(rows.cards.map((row) => [row.id, row.other_languages]));
    for (const row of again.cards) assert.equal(row.other_languages, before.get(row.id), row.id);
  });

  it('reports each era\'s Japanese cards: at least 90 % of the Pokémon and 70 % of the Trainers of marks G to J, of sets with an English counterpart, linked', () => {
    const recent = rows.printingLinks.japanese.filter((row) => ['G', 'H', 'I', 'J'].includes(row.era));
    const share = (kind: string) => {
      const of = recent.filter((row) => row.kind === kind);
      return of.reduce((n, row) => n + row.linkedInPairedSets, 0) / of.reduce((n, row) => n + row.inPairedSets, 0);
    };
    assert.ok(share('Pokemon') >= 0.9, `Pokémon ${share('Pokemon')}`);
    assert.ok(share('Trainer') >= 0.7, `Trainers ${share('Trainer')}`);
    assert.ok(rows.printingLinks.ties.length > 0);
  });
});
