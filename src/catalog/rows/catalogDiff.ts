import type { CardRow, CatalogRows, SetRow } from './catalogRows.js';

/** What a store holds of a row: its id and hashes (null for rows stored before hashes were). */
export interface StoredHashes {
  id: string;
  answer_hash: string | null;
  row_hash: string | null;
}

export type ChangeKind = 'added' | 'changed' | 'removed';
export type ChangedRecord = 'card' | 'set';

/** One card or set whose served answer an import changed. */
export interface CatalogChange {
  type: ChangedRecord;
  id: string;
  change: ChangeKind;
}

/** What a store writes to make its catalog equal to an import's rows, and the answers that changed. */
export interface CatalogWrite {
  /** Rows to insert or update: every row when `full`, else only those whose row hash differs. */
  sets: SetRow[];
  cards: CardRow[];
  removedSets: string[];
  removedCards: string[];
  /** Every answer that changed, sets then cards, each kind in row order with the removed last; [] for a baseline. */
  changes: CatalogChange[];
  /**
   * The store held no hashes to compare with (an empty catalog, or rows stored before hashes were):
   * every row is written and no change is recorded; mirrors start from the bulk files.
   */
  baseline: boolean;
  /** Every row is written (a baseline, or rows of another ROWS_VERSION, whose columns may mean something else). */
  full: boolean;
}

/**
 * Compares an import's rows with what the store holds (read in the same transaction that writes):
 * rows whose row hash differs are written, rows absent from the import removed, and each card or set
 * whose answer hash differs, or that came or went, is a change.
 */
export function planCatalogWrite(
  stored: { sets: StoredHashes[]; cards: StoredHashes[]; rowsVersion: number },
  rows: CatalogRows,
): CatalogWrite {
  const storedRows = [...stored.sets, ...stored.cards];
  const baseline = storedRows.length === 0 || storedRows.some((row) => row.answer_hash === null || row.row_hash === null);
  const full = baseline || stored.rowsVersion !== rows.version;
  const sets = diff('set', stored.sets, rows.sets, full);
  const cards = diff('card', stored.cards, rows.cards, full);
  return {
    sets: sets.write, cards: cards.write, removedSets: sets.removed, removedCards: cards.removed,
    changes: baseline ? [] : [...sets.changes, ...cards.changes], baseline, full,
  };
}

/** Whether a write changes any row. */
export function writesRows(write: CatalogWrite): boolean {
  return write.full || write.sets.length + write.cards.length + write.removedSets.length + write.removedCards.length > 0;
}

function diff<R extends SetRow | CardRow>(type: ChangedRecord, stored: StoredHashes[], rows: R[], full: boolean) {
  const before = new Map(stored.map((row) => [row.id, row]));
  const write: R[] = [];
  const changes: CatalogChange[] = [];
  for (const row of rows) {
    const old = before.get(row.id);
    before.delete(row.id);
    if (full || old?.row_hash !== row.row_hash) write.push(row);
    if (!old) changes.push({ type, id: row.id, change: 'added' });
    else if (old.answer_hash !== row.answer_hash) changes.push({ type, id: row.id, change: 'changed' });
  }
  const removed = [...before.keys()].sort();
  for (const id of removed) changes.push({ type, id, change: 'removed' });
  return { write, removed, changes };
}
