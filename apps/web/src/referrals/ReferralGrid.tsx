import { memo, useMemo, useState, type ReactNode } from 'react';
import {
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  type Theme,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { ColumnDef, Sort, SortKey } from '@referrals/shared';
import { LOADING_REFERRALS } from '../live/useLiveStatus';
import { EmptyList, type EmptyExplained } from './EmptyList';
import { renderReferralCell, StackedCell, type CellContext, type GridRow } from './gridColumns';
import { columnWidth, pinningOf, pinStyle, useGridBox, type Pinning } from './gridLayout';
import { focusedCell, handleGridKey, type CellPosition } from './gridKeys';

/** How a header click moves the sort: one of the shared cycling rules. */
type SortRule = (current: Sort | null, clicked: SortKey) => Sort | null;

/** A referral grid: server-sorted by the list's rule, paged by the list's footer. */
export interface ReferralGridProps {
  readonly label: string;
  readonly rows: readonly GridRow[];
  readonly columns: readonly ColumnDef[];
  readonly context: CellContext;
  readonly loading: boolean;
  readonly sort?: Sort | null;
  readonly sortRule?: SortRule;
  readonly onSort?: (sort: Sort | null) => void;
  /** The header's word on an order that is no column's ("Expiring first"): by Limited Time. */
  readonly sortState?: ReactNode;
  readonly selectedId?: number | null;
  /** Row click; absent when rows are not clickable (no details panel). */
  readonly onRowClick?: (row: GridRow) => void;
  /** Why the list is empty and the ways out, shown in place of an empty table. */
  readonly explained?: EmptyExplained | undefined;
  /**
   * The desktop table ends this many px above the window's bottom and scrolls inside (its header
   * sticky), leaving room for what follows it (the paging footer); absent: as tall as its rows.
   */
  readonly fitReserve?: number;
}

const HEADER_SX = {
  fontWeight: 700,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  bgcolor: 'background.paper',
} as const;
// Rows are one line: text that does not fit is cut, and shown whole in the cell's tooltip.
const CELL_SX = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
/** The edge of a pinned column over the cells that scroll under it. */
const PIN_EDGE = '0 0 6px 1px rgba(0, 0, 0, 0.28)';
/** The selected row's tint (the brand blue, faint). */
const SELECTED_TINT = 'rgba(10, 76, 134, 0.14)';
/** A tint as a background layer, over whatever colour the cell has. */
const tintLayer = (tint: string) => `linear-gradient(${tint}, ${tint})`;
const RING = { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' } as const;

/** The stacked phone layout pins no column. */
const NO_PIN: Pinning = { left: 0, right: 0 };
/** Expiration first is no column's sort: its header says "other" (see SortStateLabel). */
const EXPIRY_KEY: SortKey = 'marketplaceExpirationDate';
const byColumn = (c: ColumnDef, sort: Sort | null | undefined) =>
  c.sortKey !== null && sort?.key === c.sortKey && !sort.expirationFirst;

const ariaSort = (c: ColumnDef, sort: Sort | null | undefined) => {
  if (sort?.expirationFirst) return c.sortKey === EXPIRY_KEY ? 'other' : undefined;
  if (!byColumn(c, sort)) return undefined;
  return sort?.direction === 'asc' ? 'ascending' : 'descending';
};

/** One body row; memoised, so moving the focus or a new row re-renders only the rows it touches. */
const BodyRow = memo(function BodyRow(p: {
  readonly row: GridRow;
  readonly index: number;
  readonly columns: readonly ColumnDef[];
  readonly context: CellContext;
  readonly selected: boolean;
  /** The column of the grid's one tab stop when it is in this row, else -1. */
  readonly tabCol: number;
  readonly pin: Pinning;
  readonly onClick?: ((row: GridRow) => void) | undefined;
}) {
  const { row, context } = p;
  const tab = (col: number) => (col === p.tabCol ? 0 : -1);
  return (
    <TableRow
      role="row"
      data-id={row.opportunityId}
      aria-rowindex={p.index + 2}
      aria-selected={p.onClick ? p.selected : undefined}
      selected={p.selected}
      hover
      onClick={p.onClick ? () => p.onClick?.(row) : undefined}
    >
      {context.mobile ? (
        <TableCell role="gridcell" tabIndex={tab(0)} sx={{ overflowWrap: 'anywhere' }}>
          <StackedCell defs={p.columns} row={row} ctx={context} />
        </TableCell>
      ) : (
        p.columns.map((c, col) => {
          const cell: ReactNode = renderReferralCell(c.id, row, context);
          return (
            <TableCell
              key={c.id}
              role="gridcell"
              tabIndex={tab(col)}
              title={typeof cell === 'string' && cell !== '' ? cell : undefined}
              data-pinned={pinStyle(p.columns, p.pin, col, context.privileged) ? 'true' : undefined}
              style={pinStyle(p.columns, p.pin, col, context.privileged)}
              sx={CELL_SX}
            >
              {cell}
            </TableCell>
          );
        })
      )}
    </TableRow>
  );
});

/**
 * The table of every referral list, signed in or public. Plain MUI table markup with the grid
 * pattern's roles (grid, row, columnheader, gridcell) and keys: the MUI X data grid was most of
 * the JavaScript of an agent's first visit, and a page of at most 100 rows needs none of its
 * virtualisation. Header clicks run the list's shared sort rule; the selected row is highlighted;
 * in the stacked layout (`context.mobile`) the columns collapse into one cell. A clickable row
 * opens with a click, or Enter or Space on any of its cells (arrow keys move between cells, one
 * tab stop), and a keyboard user sees a ring round the whole row. Cells that tick read the shared
 * clock themselves, so the grid does not re-render each second.
 */
export const ReferralGrid = (p: ReferralGridProps) => {
  const { columns, context } = p;
  const [focus, setFocus] = useState<CellPosition>({ row: 1, col: 0 });
  const fit = p.fitReserve !== undefined && !context.mobile;
  const { setBox, cues, height, onScroll } = useGridBox(fit, p.fitReserve ?? 0);
  // One object while the columns stay: the memoised rows take it as a prop.
  const pin: Pinning = useMemo(
    () => (context.mobile ? NO_PIN : pinningOf(columns)),
    [columns, context.mobile],
  );
  if (!p.loading && p.rows.length === 0)
    return <EmptyList label={p.label} explained={p.explained} />;

  // The tab stop stays on a cell that still exists when rows go live.
  const stop = focus.row <= p.rows.length ? focus : { row: 1, col: 0 };
  const sortable = (c: ColumnDef): c is ColumnDef & { sortKey: SortKey } =>
    c.sortKey !== null && p.onSort !== undefined && p.sortRule !== undefined;
  const sortBy = (key: SortKey) => p.onSort?.(p.sortRule?.(p.sort ?? null, key) ?? null);
  const headers = context.mobile
    ? [{ id: 'stacked', header: 'Referral', sortKey: null } as ColumnDef]
    : columns;
  const expiringHere = (c: ColumnDef) =>
    Boolean(p.sortState) && p.sort?.expirationFirst === true && c.sortKey === EXPIRY_KEY;
  const tableWidth = columns.reduce((sum, c) => sum + columnWidth(c.id, context.privileged), 0);
  // Enter or Space on a header sorts by it, on a body cell opens the row.
  const activate = ({ row, col }: CellPosition): boolean => {
    if (row === 0) {
      const c = headers[col];
      if (!c || !sortable(c)) return false;
      sortBy(c.sortKey);
      return true;
    }
    const r = p.rows[row - 1];
    if (!r || !p.onRowClick) return false;
    p.onRowClick(r);
    return true;
  };

  return (
    <Box sx={{ position: 'relative', width: '100%', bgcolor: 'background.paper' }}>
      {/* Over the header's top edge, not above it: the table does not move when it goes. */}
      {p.loading && (
        <LinearProgress
          aria-label={LOADING_REFERRALS}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 5 }}
        />
      )}
      {/* The cue that the table goes on to the right: a shade on that edge while it does. */}
      {cues.right && (
        <Box
          aria-hidden
          data-testid="scroll-cue-right"
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            right: columns
              .slice(columns.length - pin.right)
              .reduce((w, c) => w + columnWidth(c.id, context.privileged), 0),
            width: 14,
            zIndex: 4,
            pointerEvents: 'none',
            // A shade that reads in either mode: dark on a light table, light on a dark one.
            background: (t) =>
              `linear-gradient(to left, ${t.palette.mode === 'dark' ? 'rgba(255,255,255,0.28)' : 'rgba(0,0,0,0.22)'}, transparent)`,
          }}
        />
      )}
      <Box
        ref={setBox}
        onScroll={onScroll}
        data-scrolls-left={cues.left}
        data-scrolls-right={cues.right}
        sx={{
          overflowX: context.mobile ? 'hidden' : 'auto',
          ...(fit && height !== null ? { maxHeight: height, overflowY: 'auto' } : {}),
          // While the rows are on their way the table keeps the room they will take, so neither
          // it nor the paging under it jumps when they come (the window's height on a phone).
          ...(p.loading &&
            (fit ? height !== null && { minHeight: height } : { minHeight: '100vh' })),
        }}
      >
        <Table
          role="grid"
          aria-label={p.label}
          aria-busy={p.loading}
          aria-rowcount={p.rows.length + 1}
          size="small"
          stickyHeader={!context.mobile}
          onKeyDown={(e) => handleGridKey(e, activate)}
          onFocus={(e) => {
            const at = focusedCell(e);
            if (at && (at.row !== stop.row || at.col !== stop.col)) setFocus(at);
          }}
          sx={{
            ...(!context.mobile && { tableLayout: 'fixed', minWidth: tableWidth }),
            '& .MuiTableCell-root': { px: 1, py: 0.5, lineHeight: 1.5 },
            // A phone's buttons keep a finger's height; a desk's fit a one-line row.
            '& .MuiButton-sizeSmall': {
              py: context.mobile ? 0.75 : 0,
              lineHeight: 1.6,
              whiteSpace: 'nowrap',
            },
            '& [data-pinned]': { bgcolor: 'background.paper', zIndex: 1 },
            '& thead [data-pinned]': { zIndex: 3 },
            ...(cues.left &&
              pin.left > 0 && {
                [`& tr > :nth-of-type(${pin.left})`]: {
                  boxShadow: PIN_EDGE,
                  clipPath: 'inset(0 -8px 0 0)',
                },
              }),
            ...(cues.right &&
              pin.right > 0 && {
                [`& tr > :nth-last-of-type(${pin.right})`]: {
                  boxShadow: PIN_EDGE,
                  clipPath: 'inset(0 0 0 -8px)',
                },
              }),
            '& .MuiTableCell-root:focus': { outline: 'none' },
            '& .MuiTableCell-root:focus-visible': {
              boxShadow: 'inset 0 0 0 2px',
              color: 'inherit',
            },
            ...(p.onRowClick && {
              '& tbody .MuiTableRow-root': { cursor: 'pointer' },
              // The row a keyboard user is on, ringed whole: Enter or Space opens all of it.
              '& tbody .MuiTableRow-root:has(> .MuiTableCell-root:focus-visible)': RING,
            }),
            '& .MuiTableRow-root.Mui-selected, & .MuiTableRow-root.Mui-selected:hover': {
              bgcolor: SELECTED_TINT,
            },
            // Pinned cells are opaque (the scrolled columns pass under them), so the row's tint
            // is laid over their own background too.
            '& tbody .MuiTableRow-hover:hover > [data-pinned]': {
              backgroundImage: (t: Theme) => tintLayer(t.palette.action.hover),
            },
            '& tbody .MuiTableRow-root.Mui-selected > [data-pinned]': {
              backgroundImage: tintLayer(SELECTED_TINT),
            },
          }}
        >
          <TableHead>
            <TableRow role="row" aria-rowindex={1}>
              {headers.map((c, col) => (
                <TableCell
                  key={c.id}
                  role="columnheader"
                  aria-sort={ariaSort(c, p.sort)}
                  tabIndex={stop.row === 0 && stop.col === col ? 0 : -1}
                  title={c.header || undefined}
                  data-pinned={pinStyle(headers, pin, col, context.privileged) ? 'true' : undefined}
                  style={pinStyle(headers, pin, col, context.privileged)}
                  sx={{
                    ...HEADER_SX,
                    width: context.mobile ? undefined : columnWidth(c.id, context.privileged),
                  }}
                  onClick={sortable(c) ? () => sortBy(c.sortKey) : undefined}
                >
                  {expiringHere(c) ? (
                    // The order in force is the column's word: the chip takes the header's room,
                    // its name stays for screen readers.
                    <Box component="span" sx={visuallyHidden}>
                      {c.header}
                    </Box>
                  ) : sortable(c) ? (
                    <TableSortLabel
                      active={byColumn(c, p.sort)}
                      direction={byColumn(c, p.sort) ? p.sort?.direction : 'desc'}
                      // The header cell handles the click; the label is its visible, focusable face.
                      tabIndex={-1}
                    >
                      {c.header}
                    </TableSortLabel>
                  ) : (
                    c.header || ' '
                  )}
                  {(c.sortKey === EXPIRY_KEY || c.id === 'stacked') && p.sortState}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {p.rows.map((row, i) => (
              <BodyRow
                key={row.opportunityId}
                row={row}
                index={i}
                columns={columns}
                context={context}
                selected={row.opportunityId === p.selectedId}
                tabCol={stop.row === i + 1 ? stop.col : -1}
                pin={pin}
                onClick={p.onRowClick}
              />
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
};
