import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableContainer, TableRow } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { AuditEntry } from '@referrals/shared';
import { TableFit } from '../../shell/TableFit';
import { HeadRow } from '../common/HeadRow';
import { AUDIT_LOG_TEXTS as T } from './auditLogTexts';
import { AUDIT_COLUMN_COUNT, AuditRow } from './AuditRow';

/** The entries of one page, newest first; `emptyText` fills the table when there are none. */
export const AuditTable = ({
  entries,
  emptyText,
}: {
  readonly entries: readonly AuditEntry[];
  readonly emptyText: ReactNode;
}) => (
  <TableFit cellMaxWidth={280}>
    <TableContainer>
      <Table size="small" aria-label={T.tableLabel}>
        <HeadRow
          columns={T.columns}
          lead={
            // Positioned, so the hidden name stays inside its cell (not past a phone's screen edge).
            <TableCell padding="checkbox" sx={{ position: 'relative' }}>
              <Box component="span" sx={visuallyHidden}>
                {T.detailsColumn}
              </Box>
            </TableCell>
          }
        />
        <TableBody>
          {entries.map((e) => (
            <AuditRow key={e.id} entry={e} />
          ))}
          {entries.length === 0 && emptyText !== null ? (
            <TableRow>
              <TableCell colSpan={AUDIT_COLUMN_COUNT} align="center" sx={{ py: 3 }}>
                {emptyText}
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  </TableFit>
);
