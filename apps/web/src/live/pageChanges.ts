/** A page of a list as shown: its rows and the total across pages. */
export interface PageView<R> {
  readonly rows: readonly R[];
  readonly total: number;
}

/** How a list decides membership and order: the same rules the server cut the page with. */
export interface PageRules<R> {
  readonly matches: (row: R) => boolean;
  readonly compare: (a: R, b: R) => number;
  readonly idOf: (row: R) => string;
  readonly size: number;
  /** On the first page a new row may sort in at the very top; later pages leave that to earlier ones. */
  readonly firstPage: boolean;
}

/**
 * Applies live changes to a server-cut page. A changed row that still matches stays where it is
 * (rows do not jump under the reader's cursor); one that no longer matches goes, as do removed
 * rows; a new matching row sorts in when its place is on this page. Totals move with what this
 * page can see; the next fetch corrects anything off the page.
 */
export const applyPageChanges = <R>(
  page: PageView<R>,
  upserts: readonly R[],
  removed: readonly string[],
  rules: PageRules<R>,
): PageView<R> => {
  const gone = new Set(removed);
  const rows = page.rows.filter((r) => !gone.has(rules.idOf(r)));
  let total = page.total - (page.rows.length - rows.length);
  for (const u of upserts) {
    const id = rules.idOf(u);
    const at = rows.findIndex((r) => rules.idOf(r) === id);
    if (at >= 0) {
      if (rules.matches(u)) rows[at] = u;
      else {
        rows.splice(at, 1);
        total -= 1;
      }
      continue;
    }
    if (!rules.matches(u)) continue;
    const pos = rows.findIndex((r) => rules.compare(u, r) < 0);
    const index = pos === -1 ? rows.length : pos;
    const belongsEarlier = index === 0 && !rules.firstPage && rows.length > 0;
    const belongsLater = index === rows.length && rows.length >= rules.size;
    if (belongsEarlier || belongsLater) continue;
    rows.splice(index, 0, u);
    total += 1;
  }
  return { rows: rows.slice(0, rules.size), total: Math.max(total, 0) };
};

/** True when removals left the page short although later entries exist: time to refetch. */
export const pageIsShort = <R>(view: PageView<R>, page: number, size: number): boolean =>
  view.rows.length < size && view.total > page * size + view.rows.length;
