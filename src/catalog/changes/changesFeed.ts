import type { ChangedRecord, ChangeKind } from '../rows/catalogDiff.js';

/**
 * What the changes feed keeps: every change of the last KEEP_DAYS days and of the last
 * KEEP_RETRIEVALS retrievals, whichever reaches further back. Older changes are pruned by the
 * import that makes them older; a cursor from before them is answered 410.
 */
export const KEEP_DAYS = 90;
export const KEEP_RETRIEVALS = 10;

/** The time before which a change may be pruned, for an import made at `importedAt`. */
export function keptSince(importedAt: string): string {
  return new Date(Date.parse(importedAt) - KEEP_DAYS * 24 * 3600 * 1000).toISOString();
}

/** A change as a store keeps it. */
export interface StoredChange {
  seq: number;
  type: ChangedRecord;
  id: string;
  change: ChangeKind;
  /** The retrieved_at of the import that recorded it. */
  at: string;
}

/** The feed as a store reads it, from one snapshot. */
export interface StoredChanges {
  /** The feed's epoch, a random id made by the first import into the store; '' before it. */
  epoch: string;
  /** The last sequence number given (0 before any). */
  lastSeq: number;
  /** Changes up to this sequence number were pruned (0 before any). */
  prunedThrough: number;
  /** The changes after the sequence number asked for, in sequence order, up to the number asked for. */
  changes: StoredChange[];
}

/** A position in the feed: everything up to `seq` of the feed `epoch` has been seen. */
export interface ChangesCursor {
  epoch: string;
  seq: number;
}

const CURSOR_VERSION = '1';
/** The epoch is '' in the cursor of a catalog stored before the feed existed and not imported since. */
const CURSOR_TEXT = /^1\.((?:[0-9a-f-]{36})?)\.(0|[1-9][0-9]{0,14})$/;
const BASE64URL = /^[A-Za-z0-9_-]{1,200}$/;

/** The opaque text of a cursor: base64url of its version, the feed's epoch and the sequence number. */
export function encodeCursor({ epoch, seq }: ChangesCursor): string {
  return Buffer.from(`${CURSOR_VERSION}.${epoch}.${seq}`).toString('base64url');
}

/** The cursor `text` stands for, or null when it is not one this service gives. */
export function decodeCursor(text: string): ChangesCursor | null {
  if (!BASE64URL.test(text)) return null;
  const match = CURSOR_TEXT.exec(Buffer.from(text, 'base64url').toString('latin1'));
  if (!match) return null;
  // A cursor is one text: a re-encoding that differs means the text was not made by encodeCursor.
  const cursor = { epoch: match[1]!, seq: Number(match[2]) };
  return encodeCursor(cursor) === text ? cursor : null;
}

/** Why a cursor that decodes cannot be followed, or null when it can. */
export function cursorRefusal(cursor: ChangesCursor, feed: Omit<StoredChanges, 'changes'>): string | null {
  const restart = 'start again from the bulk files of /v1/bulk and their changes_cursor';
  if (cursor.epoch !== feed.epoch) return `since is a cursor of another catalog database: ${restart}`;
  if (cursor.seq < feed.prunedThrough) return `since is older than the changes kept (${KEEP_DAYS} days and the last ${KEEP_RETRIEVALS} retrievals): ${restart}`;
  if (cursor.seq > feed.lastSeq) return `since is ahead of this catalog (restored from an older backup?): ${restart}`;
  return null;
}
