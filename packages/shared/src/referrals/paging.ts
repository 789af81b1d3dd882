/** Where a page starts and how many it holds. */
export interface PageWindow {
  /** Zero-based index of the first entry shown. */
  readonly firstIndex: number;
  readonly pageSize: number;
  readonly totalEntries: number;
}

/** Paging direction. */
export type PageMove = 'next' | 'previous';

/** The first index after a move, or null when the rule forbids it (outside 0..total-1). */
export const movePage = (w: PageWindow, move: PageMove): number | null => {
  const first = w.firstIndex + (move === 'next' ? w.pageSize : -w.pageSize);
  return first >= 0 && first < w.totalEntries ? first : null;
};

/** True when the move is allowed. */
export const canMovePage = (w: PageWindow, move: PageMove): boolean => movePage(w, move) !== null;

/**
 * Footer text 'Showing X to Y of Z Referrals' with 1-based X. With no results it reads
 * 'Showing 0 to 0 of 0 Referrals' rather than the nonsensical 'Showing 1 to 0'.
 */
export const pagingFooterText = (w: PageWindow): string => {
  if (w.totalEntries <= 0) return 'Showing 0 to 0 of 0 Referrals';
  const from = w.firstIndex + 1;
  const to = Math.min(w.firstIndex + w.pageSize, w.totalEntries);
  return `Showing ${from} to ${to} of ${w.totalEntries} Referrals`;
};
