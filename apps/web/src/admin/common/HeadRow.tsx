import type { ReactNode } from 'react';
import { TableCell, TableHead, TableRow } from '@mui/material';

/** The bold heading row of an admin table; `lead` is a first cell before the named columns. */
export const HeadRow = ({
  columns,
  lead,
}: {
  readonly columns: readonly string[];
  readonly lead?: ReactNode;
}) => (
  <TableHead>
    <TableRow>
      {lead}
      {columns.map((c) => (
        <TableCell key={c} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {c}
        </TableCell>
      ))}
    </TableRow>
  </TableHead>
);
