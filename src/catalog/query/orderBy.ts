import type { FieldCatalog } from './fieldCatalog.js';
import { nearestField } from './nearestField.js';
import { QuerySyntaxError } from './queryNode.js';

/** One key of an order: a sortable field, ascending unless `descending`. */
export interface OrderKey {
  field: string;
  descending: boolean;
}

/**
 * The keys of `name,-set.releaseDate` (a comma list, `-` before a key for descending, empty items
 * skipped); a QuerySyntaxError naming the position of an unknown or unsortable field.
 */
export function parseOrderBy(text: string, fields: FieldCatalog): OrderKey[] {
  const keys: OrderKey[] = [];
  let at = 0;
  for (const item of text.split(',')) {
    const lead = item.length - item.trimStart().length;
    const written = item.trim();
    const descending = written.startsWith('-');
    const name = written.replace(/^[-+]/, '').trim();
    const nameAt = at + lead + (written.length - written.replace(/^[-+]\s*/, '').length);
    at += item.length + 1;
    if (name === '') continue;
    const field = Object.hasOwn(fields, name) ? name : Object.keys(fields).find((known) => known.toLowerCase() === name.toLowerCase());
    if (field === undefined) {
      const nearest = nearestField(name, Object.keys(fields).filter((known) => fields[known]!.sortable));
      throw new QuerySyntaxError(`unknown field "${name}"`, nameAt, nearest === null ? undefined : `did you mean "${nearest}"?`);
    }
    if (!fields[field]!.sortable) throw new QuerySyntaxError(`results cannot be ordered by "${name}"`, nameAt);
    keys.push({ field, descending });
  }
  return keys;
}
