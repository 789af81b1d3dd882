import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, IconButton } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';

/** Which sides of a sideways-scrolling table hold columns out of view. */
export interface Hidden {
  readonly left: boolean;
  readonly right: boolean;
}

/** The sides of a scroller with content beyond them (a pixel of rounding is not content). */
export const hiddenSides = (el: {
  readonly scrollLeft: number;
  readonly scrollWidth: number;
  readonly clientWidth: number;
}): Hidden => ({
  left: el.scrollLeft > 1,
  right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
});

/** What a cell's tooltip says: its text when it is cut short, else nothing. */
export const truncatedText = (cell: HTMLElement): string | null =>
  cell.scrollWidth > cell.clientWidth ? (cell.textContent ?? '').trim() || null : null;

/**
 * The table of the wrapped component: the first table inside, and the element that scrolls it
 * sideways (the table's own parent in MUI's TableContainer). The referral grid fits itself
 * (gridLayout.ts).
 */
const scrollerOf = (root: HTMLElement | null): HTMLElement | null =>
  root?.querySelector('table')?.parentElement ?? null;

const SHADE = (side: 'left' | 'right') =>
  ({
    position: 'absolute',
    top: 0,
    bottom: 0,
    [side]: 0,
    width: 40,
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'center',
    pt: 0.5,
    pointerEvents: 'none',
    zIndex: 3,
    background: (t: { palette: { background: { paper: string } } }) =>
      `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, ${t.palette.background.paper}, transparent)`,
  }) as const;

/** The least height of a table that fills the screen below it (a short window still shows rows). */
const LEAST_FILL = 320;

/**
 * The height that makes a scroller end `reserve` px above the window's bottom (never under
 * LEAST_FILL: a small window scrolls the page instead).
 */
export const fillHeight = (el: HTMLElement, reserve: number): number => {
  const top = el.getBoundingClientRect().top + window.scrollY;
  return Math.max(LEAST_FILL, Math.floor(window.innerHeight - top - reserve));
};

/**
 * Makes a wide table fit a working screen: one-line rows whose long text ends in an ellipsis (the
 * whole text as a tooltip on hover) and, when columns are out of view sideways, a shaded edge with
 * a button that scrolls to them. With `fillBelow` (the height kept for what follows, a paging
 * footer) the table fills the window below its top and scrolls inside, under a header that stays:
 * the filters above and the footer below stay on screen. Off (`enabled` false), the table is left
 * as it is (the stacked phone layout).
 */
export const TableFit = ({
  children,
  enabled = true,
  fillBelow,
  cellMaxWidth = 240,
  wrapHeaders = false,
  dense = false,
}: {
  readonly children: ReactNode;
  readonly enabled?: boolean;
  readonly fillBelow?: number;
  readonly cellMaxWidth?: number;
  /** Headers may take two lines ('Delivered / Price'): columns as narrow as their cells. */
  readonly wrapHeaders?: boolean;
  /** Half the cells' side padding: a table of many short columns fits a narrower screen. */
  readonly dense?: boolean;
}) => {
  const root = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Hidden>({ left: false, right: false });
  const [height, setHeight] = useState<number | null>(null);
  const measure = useCallback(() => {
    const el = scrollerOf(root.current);
    const next = el ? hiddenSides(el) : { left: false, right: false };
    setHidden((h) => (h.left === next.left && h.right === next.right ? h : next));
    if (el && fillBelow !== undefined) setHeight(fillHeight(el, fillBelow));
  }, [fillBelow]);
  useEffect(() => {
    const el = scrollerOf(root.current);
    if (!enabled || !el) return undefined;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    const table = el.querySelector('table');
    if (table) resize.observe(table);
    return () => {
      el.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      resize.disconnect();
    };
  });
  const scroll = (direction: 1 | -1) => {
    const el = scrollerOf(root.current);
    el?.scrollBy({ left: direction * el.clientWidth * 0.7, behavior: 'smooth' });
  };
  if (!enabled) return <>{children}</>;
  return (
    <Box
      ref={root}
      data-scroll-left={hidden.left}
      data-scroll-right={hidden.right}
      onMouseOver={(e) => {
        const cell = (e.target as HTMLElement).closest<HTMLElement>('td:not([colspan])');
        if (!cell || cell.title) return;
        const text = truncatedText(cell);
        if (text) cell.title = text;
      }}
      sx={{
        position: 'relative',
        ...(height !== null && { '& :has(> table)': { maxHeight: height, overflow: 'auto' } }),
        '& th': { whiteSpace: wrapHeaders ? 'normal' : 'nowrap', verticalAlign: 'bottom' },
        ...(dense && { '& th, & td': { px: 1 } }),
        // Not a cell spanning the row (an opened detail) nor a table within one.
        '& td:not([colspan]):not(td td)': {
          whiteSpace: 'nowrap',
          maxWidth: cellMaxWidth,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        },
        '& thead th': { position: 'sticky', top: 0, zIndex: 2, bgcolor: 'background.paper' },
      }}
    >
      {children}
      {hidden.left && (
        <Box sx={SHADE('left')}>
          <IconButton
            size="small"
            aria-label="Scroll the table left"
            onClick={() => scroll(-1)}
            sx={{ pointerEvents: 'auto', bgcolor: 'background.paper', boxShadow: 1 }}
          >
            <ChevronLeftIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      {hidden.right && (
        <Box sx={SHADE('right')}>
          <IconButton
            size="small"
            aria-label="Scroll the table right: more columns"
            onClick={() => scroll(1)}
            sx={{ pointerEvents: 'auto', bgcolor: 'background.paper', boxShadow: 1 }}
          >
            <ChevronRightIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
    </Box>
  );
};
