import { memo, useState, type ReactNode } from 'react';
import {
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import type { ColumnDef, Sort, SortKey } from '@referrals/shared';
import { LOADING_REFERRALS } from '../live/useLiveStatus';
import { EmptyList } from './EmptyList';
import {
  columnMinWidth,
  renderReferralCell,
  StackedCell,
  type CellContext,
  type GridRow,
} from './gridColumns';
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
}

/** Short cells that read badly when wrapped (a type code, a status with its icon). */
const NO_WRAP: ReadonlySet<string> = new Set(['opportunityType', 'status']);
const HEADER_SX = { fontWeight: 700, whiteSpace: 'nowrap' } as const;
const RING = { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' } as const;

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
        p.columns.map((c, col) => (
          <TableCell
            key={c.id}
            role="gridcell"
            tabIndex={tab(col)}
            sx={NO_WRAP.has(c.id) ? { whiteSpace: 'nowrap' } : undefined}
          >
            {renderReferralCell(c.id, row, context)}
          </TableCell>
        ))
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
  if (!p.loading && p.rows.length === 0) return <EmptyList label={p.label} />;

  // The tab stop stays on a cell that still exists when rows go live.
  const stop = focus.row <= p.rows.length ? focus : { row: 1, col: 0 };
  const sortable = (c: ColumnDef): c is ColumnDef & { sortKey: SortKey } =>
    c.sortKey !== null && p.onSort !== undefined && p.sortRule !== undefined;
  const sortBy = (key: SortKey) => p.onSort?.(p.sortRule?.(p.sort ?? null, key) ?? null);
  const headers = context.mobile
    ? [{ id: 'stacked', header: 'Referral', sortKey: null } as ColumnDef]
    : columns;
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
    <Box sx={{ width: '100%', bgcolor: 'background.paper', overflowX: 'auto' }}>
      {p.loading && <LinearProgress aria-label={LOADING_REFERRALS} />}
      <Table
        role="grid"
        aria-label={p.label}
        aria-busy={p.loading}
        aria-rowcount={p.rows.length + 1}
        size="small"
        onKeyDown={(e) => handleGridKey(e, activate)}
        onFocus={(e) => {
          const at = focusedCell(e);
          if (at && (at.row !== stop.row || at.col !== stop.col)) setFocus(at);
        }}
        sx={{
          '& .MuiTableCell-root:focus': { outline: 'none' },
          '& .MuiTableCell-root:focus-visible': { boxShadow: 'inset 0 0 0 2px', color: 'inherit' },
          ...(p.onRowClick && {
            '& tbody .MuiTableRow-root': { cursor: 'pointer' },
            // The row a keyboard user is on, ringed whole: Enter or Space opens all of it.
            '& tbody .MuiTableRow-root:has(> .MuiTableCell-root:focus-visible)': RING,
          }),
          '& .MuiTableRow-root.Mui-selected, & .MuiTableRow-root.Mui-selected:hover': {
            bgcolor: 'rgba(10, 76, 134, 0.14)',
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
                sx={{
                  ...HEADER_SX,
                  minWidth: context.mobile ? undefined : columnMinWidth(c, context),
                }}
                onClick={sortable(c) ? () => sortBy(c.sortKey) : undefined}
              >
                {sortable(c) ? (
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
              onClick={p.onRowClick}
            />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
