import { useCallback, useMemo } from 'react';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { deliveryErrorsPager, listPageTitle } from '@referrals/shared';
import { useBrand, useDocumentTitle } from '../../app/BrandContext';
import { LoadingOverlay } from '../common/LoadingOverlay';
import { AuditFilterBar } from './AuditFilterBar';
import { auditQueryOf, filtersOf, withFilter, withPage, type FilterKey } from './auditFilters';
import { AUDIT_LOG_TEXTS as T } from './auditLogTexts';
import { AuditTable } from './AuditTable';
import { useAuditLog } from './useAuditLog';

/** The Audit Log screen (admins): every write through the relay, filtered, paged and live. */
export const AuditLogPage = () => {
  useDocumentTitle(listPageTitle(T.heading, useBrand()));
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const parsed = useMemo(() => auditQueryOf(filtersOf(search)), [search]);
  const query = parsed.ok ? parsed.query : null;
  const log = useAuditLog(query);
  const onChange = useCallback(
    (key: FilterKey, value: string) => setSearch((s) => withFilter(s, key, value)),
    [setSearch],
  );
  const clear = useCallback(() => setSearch(new URLSearchParams()), [setSearch]);
  const shown = log.page;
  const pageNo = query?.page ?? 1;
  const pager = deliveryErrorsPager(
    pageNo,
    shown?.totalElements ?? 0,
    shown?.totalPages ?? 0,
    query?.size,
  );
  const problems = parsed.ok ? (log.error?.details ?? []) : parsed.errors;
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {T.heading}
      </Typography>
      <AuditFilterBar filters={filters} onChange={onChange} onClear={clear} />
      {problems.length > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {T.badFilters}
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ position: 'relative', minHeight: 120 }}>
        <LoadingOverlay show={log.loading} />
        <AuditTable
          entries={shown?.content ?? []}
          emptyText={
            log.error && !shown ? (
              <>
                {T.notLoaded}{' '}
                <Button size="small" onClick={log.retry}>
                  {T.retry}
                </Button>
              </>
            ) : log.loading || !query ? null : (
              T.empty
            )
          }
        />
      </Paper>
      <Box
        component="nav"
        aria-label="Audit log pages"
        sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="body2" aria-live="polite">
          {pager.summaryText}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          disabled={pager.previousDisabled}
          onClick={() => setSearch((s) => withPage(s, pageNo - 1))}
        >
          Previous
        </Button>
        <Typography variant="body2">{pager.pageText}</Typography>
        <Button
          size="small"
          disabled={pager.nextDisabled}
          onClick={() => setSearch((s) => withPage(s, pageNo + 1))}
        >
          Next
        </Button>
      </Box>
    </Box>
  );
};
