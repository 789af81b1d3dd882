import { useState } from 'react';
import {
  Box,
  Chip,
  Collapse,
  IconButton,
  Link,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '@referrals/shared';
import { tokenColour } from '../../theme/theme';
import { AuditChanges } from './AuditChanges';
import { auditTarget } from './auditTarget';
import { AUDIT_LOG_TEXTS as T, OUTCOME_CHIPS } from './auditLogTexts';

// Seconds matter in an audit trail; the viewer's own zone and calendar.
const TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** The columns of a row: the expand button, then one per heading. */
export const AUDIT_COLUMN_COUNT = T.columns.length + 1;

/** One audit entry, whose before and after open below it. */
export const AuditRow = ({ entry }: { readonly entry: AuditEntry }) => {
  const [open, setOpen] = useState(false);
  const chip = OUTCOME_CHIPS[entry.outcome];
  const detailsId = `audit-entry-${entry.id}`;
  const target = auditTarget(entry);
  return (
    <>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={T.showChanges(entry.id)}
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            onClick={() => setOpen(!open)}
          >
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          <time dateTime={entry.at}>{TIME.format(new Date(entry.at))}</time>
        </TableCell>
        <TableCell>
          <Box component="span" sx={{ display: 'block' }}>
            {entry.actor}
          </Box>
          {entry.agency ? (
            <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
              {entry.agency}
            </Typography>
          ) : null}
        </TableCell>
        <TableCell>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</TableCell>
        <TableCell>
          {target === null ? (
            T.absent
          ) : target.href ? (
            <Link component={RouterLink} to={target.href}>
              {target.text}
            </Link>
          ) : (
            target.text
          )}
        </TableCell>
        <TableCell>
          <Chip
            size="small"
            label={chip.label}
            variant="outlined"
            sx={{
              color: (t) => tokenColour(t, chip.colour),
              borderColor: (t) => tokenColour(t, chip.colour),
            }}
          />
        </TableCell>
        <TableCell>{entry.status ?? T.absent}</TableCell>
        <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>
          {entry.requestId}
        </TableCell>
      </TableRow>
      {open ? (
        <TableRow>
          <TableCell id={detailsId} colSpan={AUDIT_COLUMN_COUNT} sx={{ py: 0 }}>
            <Collapse in appear>
              <AuditChanges entry={entry} />
            </Collapse>
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
};
