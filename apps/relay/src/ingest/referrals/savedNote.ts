/**
 * The note the sync saves with each commit (the change-log store's meta string of the referrals
 * stream), so that whichever relay polls next goes on where the last one stopped. Invariant: the
 * stored form never changes: relays of the previous versions read and write the same JSON (a
 * rolling deploy runs old and new together), so parseSavedNote and formatSavedNote are the only
 * places that know its compact keys, and each reads what the other writes.
 *
 * Stored form: `{"w": watermark, "r": readAt, "pass": Pass | null, "loaded": …, "total": …}`, the
 * pass under its own field names (see Pass). Notes of older relays lack `r` (read as null) and
 * their pass may lack `cycles` and `compared` (see countCycle); a store written by a relay older
 * still has no note at all (see noteOfUnnotedStore).
 */
import type { Pass } from './reconciliation.js';

/** What the sync saves with each commit. */
export interface SavedNote {
  /** The change watermark: every change up to it (less the slack) has been read. */
  readonly watermark: number | null;
  /**
   * When the upstream served the last change read, by its own clock (its Date header, ms): a
   * change that read did not see became visible later, so it was stamped no earlier than this less
   * the slack. Null when the upstream sends no Date, or the note's relay did not save it.
   */
  readonly readAt: number | null;
  /** The reconciliation pass under way (null before the first). */
  readonly pass: Pass | null;
  /** A first load completed: the store holds the whole window. */
  readonly loaded: boolean;
  /** Referrals in the window, as the upstream last counted them. */
  readonly total: number;
}

/** The note as stored (see the file's comment). */
interface StoredNote {
  readonly w: number | null;
  /** Absent in notes of older relays. */
  readonly r?: number | null;
  readonly pass: Pass | null;
  readonly loaded: boolean;
  readonly total: number;
}

/** The note saved in a store's meta; null when there is none or it is not a JSON object. */
export function parseSavedNote(meta: string | null): SavedNote | null {
  if (meta === null) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(meta);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { w, r, pass, loaded, total } = stored as StoredNote;
  return { watermark: w, readAt: r ?? null, pass, loaded, total };
}

/** The note as the store keeps it. */
export function formatSavedNote(note: SavedNote): string {
  const stored: StoredNote = {
    w: note.watermark,
    r: note.readAt,
    pass: note.pass,
    loaded: note.loaded,
    total: note.total,
  };
  return JSON.stringify(stored);
}

/**
 * The note of a store written without one (by a relay older than the note): it already holds the
 * market, so its newest change (`newest`, -Infinity when it holds none) is where to read on from,
 * and the first pass checks everything before it.
 */
export function noteOfUnnotedStore(newest: number, held: number): SavedNote {
  return {
    watermark: Number.isFinite(newest) ? newest : null,
    readAt: null,
    pass: null,
    loaded: held > 0,
    total: held,
  };
}
