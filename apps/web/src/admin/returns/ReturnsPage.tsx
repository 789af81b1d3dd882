import { Fragment, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Link,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  formatUsd,
  listPageTitle,
  RETURN_REASONS,
  RETURN_STATES,
  type ReturnRequest,
  type ReturnState,
} from '@referrals/shared';
import { useBrand, useDocumentTitle } from '../../app/BrandContext';
import { TableFit } from '../../shell/TableFit';
import { referralHref } from '../referralLink';
import { DecisionDialog } from './DecisionDialog';
import { EvidenceDetail, EvidenceToggle } from './EvidenceCell';
import { useReturnsQueue } from './useReturnsQueue';

const STATE_LABELS: Readonly<Record<ReturnState, string>> = {
  requested: 'Requested',
  approved: 'Approved',
  denied: 'Denied',
};

const isState = (s: string | null): s is ReturnState =>
  (RETURN_STATES as readonly (string | null)[]).includes(s);

const outcome = (r: ReturnRequest): string =>
  r.state === 'requested'
    ? ''
    : `${r.state === 'approved' && r.credit !== null ? `Credit ${formatUsd(r.credit)}. ` : ''}${r.comment ?? ''} (${r.decidedBy ?? ''})`;

const HEADERS = [
  'Requested',
  'Referral',
  'Agency',
  'By',
  'Reason',
  'Sold Price',
  'Outcome',
  '',
] as const;

/**
 * Returns (admin): the live queue of agencies' requests to return a referral, newest first,
 * filtered by state (Requested by default, in the address) and paged; beside each reason, the
 * timeline the agency sent as evidence (counted, opened under the row); each is approved or
 * denied with a required comment.
 */
export const ReturnsPage = () => {
  useDocumentTitle(listPageTitle('Returns', useBrand()));
  const [search, setSearch] = useSearchParams();
  const state: ReturnState = isState(search.get('state'))
    ? (search.get('state') as ReturnState)
    : 'requested';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const { data, error, decide, decidingId } = useReturnsQueue(state, page);
  const [deciding, setDeciding] = useState<{ r: ReturnRequest; approve: boolean } | null>(null);
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setShown((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const go = (next: { state?: ReturnState; page?: number }) =>
    setSearch(
      (p) => {
        const q = new URLSearchParams(p);
        const s = next.state ?? state;
        if (s === 'requested') q.delete('state');
        else q.set('state', s);
        const n = next.page ?? 1;
        if (n <= 1) q.delete('page');
        else q.set('page', String(n));
        return q;
      },
      { replace: true },
    );
  const rows = data?.content ?? [];
  const totalPages = data?.totalPages ?? 0;
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Returns
      </Typography>
      <TextField
        select
        size="small"
        label="State"
        value={state}
        onChange={(e) => go({ state: e.target.value as ReturnState })}
        sx={{ minWidth: 180, mb: 2 }}
      >
        {RETURN_STATES.map((s) => (
          <MenuItem key={s} value={s}>
            {STATE_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {data && rows.length === 0 ? (
        <Typography>No {STATE_LABELS[state].toLowerCase()} returns.</Typography>
      ) : (
        <TableFit>
          <TableContainer>
            <Table size="small" aria-label="Returns" sx={{ bgcolor: 'background.paper' }}>
              <TableHead>
                <TableRow>
                  {HEADERS.map((h) => (
                    <TableCell key={h} sx={{ fontWeight: 700 }}>
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <Fragment key={r.id}>
                    <TableRow data-id={r.id}>
                      <TableCell>{new Date(r.requestedAt).toLocaleString()}</TableCell>
                      <TableCell>
                        <Link
                          component={RouterLink}
                          to={referralHref(r.referralId)}
                          aria-label={`Referral #${r.referralId}`}
                        >
                          #{r.referralId}
                        </Link>
                      </TableCell>
                      <TableCell>{r.agency}</TableCell>
                      <TableCell>{r.requestedBy}</TableCell>
                      <TableCell>
                        {RETURN_REASONS[r.reason]}
                        {r.note && (
                          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                            {r.note}
                          </Typography>
                        )}
                        <EvidenceToggle
                          request={r}
                          open={shown.has(r.id)}
                          controls={`evidence-${r.id}`}
                          onToggle={() => toggle(r.id)}
                        />
                      </TableCell>
                      <TableCell>{r.soldPrice === null ? '' : formatUsd(r.soldPrice)}</TableCell>
                      <TableCell>{outcome(r)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {r.state === 'requested' && (
                          <>
                            <Button
                              size="small"
                              aria-label={`Approve the return of referral #${r.referralId}`}
                              onClick={() => setDeciding({ r, approve: true })}
                            >
                              Approve
                            </Button>
                            <Button
                              size="small"
                              color="error"
                              aria-label={`Deny the return of referral #${r.referralId}`}
                              onClick={() => setDeciding({ r, approve: false })}
                            >
                              Deny
                            </Button>
                          </>
                        )}
                      </TableCell>
                    </TableRow>
                    {shown.has(r.id) && r.evidence && (
                      <TableRow id={`evidence-${r.id}`}>
                        <TableCell colSpan={HEADERS.length} sx={{ pt: 0 }}>
                          <EvidenceDetail request={r} />
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </TableFit>
      )}
      {totalPages > 1 && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 1 }}>
          <Button disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            Previous
          </Button>
          <Typography>
            Page {page} of {totalPages}
          </Typography>
          <Button disabled={page >= totalPages} onClick={() => go({ page: page + 1 })}>
            Next
          </Button>
        </Box>
      )}
      {deciding && (
        <DecisionDialog
          request={deciding.r}
          approve={deciding.approve}
          busy={decidingId === deciding.r.id}
          onClose={() => setDeciding(null)}
          onDecide={(comment) => decide(deciding.r.id, deciding.approve, comment)}
        />
      )}
    </Box>
  );
};
