import { useMemo } from 'react';
import { Box } from '@mui/material';
import { DataGrid, type GridEventListener, type GridSortModel } from '@mui/x-data-grid';
import type { ColumnDef, Sort, SortKey } from '@referrals/shared';
import { Spinner } from '../shell/Spinner';
import { EmptyList } from './EmptyList';
import {
  EMPTY_TEXT,
  gridColumns,
  stackedColumn,
  type CellContext,
  type GridRow,
} from './gridColumns';

/** How a header click moves the sort: one of the shared cycling rules. */
export type SortRule = (current: Sort | null, clicked: SortKey) => Sort | null;

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
  readonly selectedId?: number | null;
  /** Row click; absent when rows are not clickable (no details panel). */
  readonly onRowClick?: (row: GridRow) => void;
}

export { EMPTY_TEXT };

// The grid's own spinner has no accessible name (axe: aria-progressbar-name).
const GridLoading = () => <Spinner label="Loading referrals" />;

/** Keys that open a row, as a click does (the grid pattern's Enter, and Space like a button). */
const OPEN_KEYS: ReadonlySet<string> = new Set(['Enter', ' ']);

/**
 * The grid of every referral list. Header clicks run the list's shared sort rule rather than the
 * grid's own cycle; the selected row is highlighted. In the stacked layout (`context.mobile`) the
 * columns collapse into one stacked cell. A clickable row also opens with Enter or Space on any of
 * its cells (arrow keys move between cells) and shows a focus ring. Cells that tick read the
 * shared clock themselves, so this grid does not re-render each second.
 */
export const ReferralGrid = (p: ReferralGridProps) => {
  const { columns, context } = p;
  const cols = useMemo(
    () => (context.mobile ? [stackedColumn(columns, context)] : gridColumns(columns, context)),
    [columns, context],
  );
  const sortModel: GridSortModel = useMemo(() => {
    const col = p.sort ? columns.find((c) => c.sortKey === p.sort?.key) : undefined;
    return col && p.sort ? [{ field: col.id, sort: p.sort.direction }] : [];
  }, [columns, p.sort]);

  const onSortModelChange = (model: GridSortModel) => {
    if (!p.sortRule || !p.onSort) return;
    // The grid proposes its own next sort; only which column was clicked is taken from it.
    const clickedId = model[0]?.field ?? sortModel[0]?.field;
    const key = columns.find((c) => c.id === clickedId)?.sortKey;
    if (key) p.onSort(p.sortRule(p.sort ?? null, key));
  };

  const onCellKeyDown: GridEventListener<'cellKeyDown'> = (params, event) => {
    if (!p.onRowClick || !OPEN_KEYS.has(event.key)) return;
    // A button inside the cell (Claim Now, a status button) answers its own keys.
    if (event.target !== event.currentTarget) return;
    // Neither the grid's own Space handling (it scrolls) nor the page's scroll.
    event.defaultMuiPrevented = true;
    event.preventDefault();
    p.onRowClick(params.row as GridRow);
  };

  if (!p.loading && p.rows.length === 0) return <EmptyList label={p.label} />;

  return (
    <Box sx={{ width: '100%', bgcolor: 'background.paper' }}>
      <DataGrid
        aria-label={p.label}
        rows={p.rows}
        columns={cols}
        getRowId={(r) => r.opportunityId}
        getRowHeight={() => 'auto'}
        sortingMode="server"
        sortModel={sortModel}
        onSortModelChange={onSortModelChange}
        sortingOrder={['desc', 'asc', null]}
        disableColumnMenu
        disableColumnSorting={!p.onSort}
        disableRowSelectionOnClick
        hideFooter
        loading={p.loading}
        slots={{ loadingOverlay: GridLoading }}
        onRowClick={p.onRowClick ? ({ row }: { row: GridRow }) => p.onRowClick?.(row) : undefined}
        onCellKeyDown={onCellKeyDown}
        getRowClassName={({ id }) => (id === p.selectedId ? 'row-selected' : '')}
        sx={{
          '& .MuiDataGrid-row': { cursor: p.onRowClick ? 'pointer' : 'default' },
          // The row a keyboard user is on, ringed whole: Enter or Space opens all of it.
          ...(p.onRowClick && {
            '& .MuiDataGrid-row:has(.MuiDataGrid-cell:focus-visible)': {
              outline: '2px solid',
              outlineColor: 'primary.main',
              outlineOffset: '-2px',
            },
          }),
          '& .row-selected, & .row-selected:hover': { bgcolor: 'rgba(10, 76, 134, 0.14)' },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 0.5 },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700 },
        }}
      />
    </Box>
  );
};
