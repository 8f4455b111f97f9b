import { LANGUAGES, type LanguageLink } from '../../schemas/common.js';

/** A set or card as its links need it: its id, the language its id starts with, and its name. */
export interface Linkable {
  id: string;
  language: string;
  name: string;
}

const LANGUAGE_ORDER = new Map<string, number>(LANGUAGES.map((code, position) => [code, position]));

/**
 * The TCGdex id of a catalog id: `de-base1-4` → `base1-4`, `zh-tw-SV1a-001` → `SV1a-001`. The
 * record's own language is stripped, not the longest code that fits: an `es` set whose TCGdex id
 * began with `mx-` would otherwise pass for an `es-mx` one. null when the id does not start with it.
 */
export function tcgdexIdOf({ id, language }: Pick<Linkable, 'id' | 'language'>): string | null {
  if (!LANGUAGE_ORDER.has(language) || !id.startsWith(`${language}-`)) return null;
  return id.slice(language.length + 1);
}

/**
 * For each record, the JSON array of the records of other languages with the same TCGdex id
 * (`other_languages`), in the order of the 16 language codes. The specification links localized
 * printings by the bare set code; a card's TCGdex id is that code and its number.
 */
export function otherLanguages(records: readonly Linkable[]): string[] {
  const groups = new Map<string, LanguageLink[]>();
  const keys = records.map((record) => {
    const key = tcgdexIdOf(record);
    if (key === null) return null;
    const link = { language: record.language, id: record.id, name: record.name } as LanguageLink;
    const group = groups.get(key);
    if (group) group.push(link);
    else groups.set(key, [link]);
    return key;
  });
  for (const group of groups.values()) group.sort((a, b) => LANGUAGE_ORDER.get(a.language)! - LANGUAGE_ORDER.get(b.language)!);
  return records.map((record, i) => {
    const group = keys[i] === null ? [] : groups.get(keys[i]!)!;
    return group.length < 2 ? '[]' : JSON.stringify(group.filter((link) => link.id !== record.id));
  });
}

/** other_languages (JSON) with more entries after its own, which stay as they are, byte for byte. */
export function withLinks(otherLanguagesJson: string, more: readonly LanguageLink[] | undefined): string {
  if (!more || more.length === 0) return otherLanguagesJson;
  const added = JSON.stringify(more);
  return otherLanguagesJson === '[]' ? added : `${otherLanguagesJson.slice(0, -1)},${added.slice(1)}`;
}
