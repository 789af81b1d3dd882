import type { KeyboardEvent } from 'react';
import {
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import type { ColumnDef } from '@referrals/shared';
import { EmptyList } from '../referrals/EmptyList';
import {
  renderReferralCell,
  StackedCell,
  type CellContext,
  type GridRow,
} from '../referrals/gridColumns';

/** The public feed's table: unsorted by the visitor, paged by the footer, a click per row. */
export interface PublicTableProps {
  readonly label: string;
  readonly rows: readonly GridRow[];
  readonly columns: readonly ColumnDef[];
  readonly context: CellContext;
  readonly loading: boolean;
  readonly onRowClick: (row: GridRow) => void;
}

const HEADER_SX = { fontWeight: 700, whiteSpace: 'nowrap' } as const;
/** Short cells that read badly when wrapped (a type code, a status with its icon). */
const NO_WRAP: ReadonlySet<string> = new Set(['opportunityType', 'status']);

/**
 * The anonymous feed's table, with the same cells as the signed-in grid but plain MUI table
 * markup: the MUI X data grid is most of the JavaScript a visitor would otherwise download, and
 * the feed needs none of its sorting, selection or virtualisation (one page of at most 50 rows).
 * It keeps the grid's roles (grid, row, columnheader, gridcell) and `data-id` on each row. Rows
 * are focusable and open the claim modal on click, Enter or Space.
 */
export const PublicTable = (p: PublicTableProps) => {
  const { columns, context } = p;
  if (!p.loading && p.rows.length === 0) return <EmptyList label={p.label} />;
  const onKey = (e: KeyboardEvent, row: GridRow) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    p.onRowClick(row);
  };
  return (
    <Box sx={{ width: '100%', bgcolor: 'background.paper', overflowX: 'auto' }}>
      {p.loading && <LinearProgress aria-label="Loading referrals" />}
      <Table
        role="grid"
        aria-label={p.label}
        aria-busy={p.loading}
        aria-rowcount={p.rows.length + 1}
        size="small"
      >
        <TableHead>
          <TableRow role="row" aria-rowindex={1}>
            {context.mobile ? (
              <TableCell role="columnheader" sx={HEADER_SX}>
                Referral
              </TableCell>
            ) : (
              columns.map((c) => (
                <TableCell key={c.id} role="columnheader" sx={HEADER_SX} title={c.header}>
                  {c.header || ' '}
                </TableCell>
              ))
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {p.rows.map((row, i) => (
            <TableRow
              key={row.opportunityId}
              role="row"
              data-id={row.opportunityId}
              aria-rowindex={i + 2}
              tabIndex={0}
              hover
              onClick={() => p.onRowClick(row)}
              onKeyDown={(e) => onKey(e, row)}
              sx={{ cursor: 'pointer' }}
            >
              {context.mobile ? (
                <TableCell role="gridcell" sx={{ overflowWrap: 'anywhere' }}>
                  <StackedCell defs={columns} row={row} ctx={context} />
                </TableCell>
              ) : (
                columns.map((c) => (
                  <TableCell
                    key={c.id}
                    role="gridcell"
                    sx={NO_WRAP.has(c.id) ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    {renderReferralCell(c.id, row, context)}
                  </TableCell>
                ))
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
