import type { ColumnDef } from '@referrals/shared';
import type { EmptyExplained } from '../referrals/EmptyList';
import type { CellContext, GridRow } from '../referrals/gridColumns';
import { ReferralGrid } from '../referrals/ReferralGrid';

/** The public feed's table: unsorted by the visitor, paged by the footer, a click per row. */
export interface PublicTableProps {
  readonly label: string;
  readonly rows: readonly GridRow[];
  readonly columns: readonly ColumnDef[];
  readonly context: CellContext;
  readonly loading: boolean;
  readonly onRowClick: (row: GridRow) => void;
  readonly explained?: EmptyExplained;
  readonly fitReserve?: number;
}

/**
 * The anonymous feed's table: the signed-in lists' grid without sorting or selection. Rows open
 * the claim modal on click, or Enter or Space on any of their cells.
 */
export const PublicTable = (p: PublicTableProps) => <ReferralGrid {...p} />;
