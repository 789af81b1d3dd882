import { useCallback, useRef, useState, type CSSProperties } from 'react';
import type { ColumnDef } from '@referrals/shared';
import { fillHeight, hiddenSides, type Hidden } from '../shell/TableFit';

/**
 * Column widths (px) of the desktop grid, padding included. Rows are one line: a cell's text that
 * does not fit is cut with an ellipsis and shown whole in its tooltip.
 */
const WIDTHS: Readonly<Record<string, number>> = {
  addDate: 150,
  opportunityType: 72,
  limitedTime: 140,
  status: 240,
  category: 104,
  location: 132,
  city: 110,
  state: 60,
  businessLines: 130,
  industry: 150,
  noOfEmployees: 84,
  yearsInBusiness: 84,
  estimatedPremium: 96,
  agenciesNotified: 84,
  assignedAgency: 130,
  icons: 56,
  notes: 150,
  acquired: 150,
  age: 110,
  delivered: 150,
  marketplaceStatus: 150,
  progress: 170,
  followUp: 110,
  name: 140,
  phone: 130,
  email: 190,
  agency: 140,
  soldPrice: 96,
};

/** Room under a fitted table for the paging footer and the page's bottom padding (px). */
export const FOOTER_RESERVE = 84;

/**
 * A status with no claim button in it (privileged viewers see a status and a price): room for
 * "Available ($120)" and its struck-out "was $150" on one line.
 */
const PLAIN_STATUS_WIDTH = 208;

/**
 * The desktop width of a column (px); `privileged` viewers' Status holds no claim button, so it
 * is narrower.
 */
export const columnWidth = (id: string, privileged = false): number =>
  id === 'status' && privileged ? PLAIN_STATUS_WIDTH : (WIDTHS[id] ?? 110);

/** The column of a list's main job, kept in sight when the table scrolls sideways. */
const MAIN_JOB: ReadonlySet<string> = new Set(['status', 'notes', 'progress', 'followUp']);

/** How many leading and trailing columns stay pinned while the table scrolls sideways. */
export interface Pinning {
  readonly left: number;
  readonly right: number;
}

/**
 * A main-job column near the start pins everything up to it (it reads with its row's when); one
 * at the end pins the trailing main-job columns to the right edge.
 */
export const pinningOf = (columns: readonly ColumnDef[]): Pinning => {
  const first = columns.findIndex((c) => MAIN_JOB.has(c.id));
  if (first < 0) return { left: 0, right: 0 };
  let right = 0;
  while (right < columns.length && MAIN_JOB.has(columns[columns.length - 1 - right]?.id ?? ''))
    right += 1;
  if (right > 0 && first >= columns.length - right) return { left: 0, right };
  return { left: first <= 4 ? first + 1 : 0, right };
};

/** The sticky style of column `i` (none when it scrolls with the table). */
export const pinStyle = (
  columns: readonly ColumnDef[],
  pin: Pinning,
  i: number,
  privileged: boolean,
): CSSProperties | undefined => {
  const width = (cs: readonly ColumnDef[]) =>
    cs.reduce((sum, c) => sum + columnWidth(c.id, privileged), 0);
  if (i < pin.left) return { position: 'sticky', left: width(columns.slice(0, i)) };
  if (i >= columns.length - pin.right)
    return { position: 'sticky', right: width(columns.slice(i + 1)) };
  return undefined;
};

/**
 * The scroll box of a grid: its sideways cues (kept current on scroll and resize) and, with
 * `fit`, a height that ends `reserve` px above the window's bottom, so the header stays in sight
 * and the page's footer under it.
 */
export const useGridBox = (fit: boolean, reserve: number) => {
  const box = useRef<HTMLDivElement | null>(null);
  const [cues, setCues] = useState<Hidden>({ left: false, right: false });
  const [height, setHeight] = useState<number | null>(null);
  const measure = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const next = hiddenSides(el);
    setCues((c) => (c.left === next.left && c.right === next.right ? c : next));
    if (fit) setHeight(fillHeight(el, reserve));
  }, [fit, reserve]);
  // A ref callback with its own cleanup: the box is watched from the moment it is attached, and
  // attaching it renders nothing again (held in state, it cost a hydrating phone a whole render
  // of the grid in the hydration's commit).
  const setBox = useCallback(
    (el: HTMLDivElement | null) => {
      box.current = el;
      if (!el) return;
      // The box, its table (rows come and go) and the page (a note above it moves it down).
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
      for (const watched of [el, el.firstElementChild, document.body]) {
        if (watched) observer?.observe(watched);
      }
      window.addEventListener('resize', measure);
      // Measured in the commit too, so the first frame painted has the fitted height.
      measure();
      return () => {
        observer?.disconnect();
        window.removeEventListener('resize', measure);
        box.current = null;
      };
    },
    [measure],
  );
  return { setBox, cues, height, onScroll: measure };
};
