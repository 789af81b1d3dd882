import { Box, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { AuditEntry } from '@referrals/shared';
import { auditDiff } from './auditDiff';
import { HeadRow } from '../common/HeadRow';
import { AUDIT_LOG_TEXTS as T } from './auditLogTexts';

const Json = ({ title, value }: { readonly title: string; readonly value: unknown }) => (
  <Box sx={{ flex: 1, minWidth: 0 }}>
    <Typography variant="subtitle2" component="h3">
      {title}
    </Typography>
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1,
        bgcolor: 'action.hover',
        overflow: 'auto',
        maxHeight: 320,
        fontSize: 12,
        // Long values wrap rather than widen the whole table.
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {JSON.stringify(value, null, 2) ?? 'null'}
    </Box>
  </Box>
);

/** What one write changed: the differing fields, then both states as pretty JSON. */
export const AuditChanges = ({ entry }: { readonly entry: AuditEntry }) => {
  const changes = auditDiff(entry.before, entry.after);
  return (
    <Box sx={{ py: 1 }}>
      {changes.length === 0 ? (
        <Typography variant="body2">{T.noChange}</Typography>
      ) : (
        <Table size="small" aria-label={`Changes of entry ${entry.id}`}>
          <HeadRow columns={T.diffColumns} />
          <TableBody>
            {changes.map((c) => (
              <TableRow key={c.path}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{c.path || '(value)'}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{c.before ?? T.absent}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{c.after ?? T.absent}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <Json title={T.before} value={entry.before} />
        <Json title={T.after} value={entry.after} />
      </Stack>
    </Box>
  );
};
