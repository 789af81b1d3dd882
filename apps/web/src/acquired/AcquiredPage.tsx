import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Box, Typography } from '@mui/material';
import {
  ACQUIRED_DATE_FIELD,
  acquiredHeading,
  boughtExportFileName,
  cycleSort,
  DEFAULT_DATE_FILTERS,
  DEFAULT_SORTS,
  listPageTitle,
  PAGING,
  type Opportunity,
} from '@referrals/shared';
import { useBrand, useDocumentTitle } from '../app/BrandContext';
import { useSession } from '../app/useSession';
import { DetailsPanel } from '../details/DetailsPanel';
import type { CellContext, GridRow } from '../referrals/gridColumns';
import { ListToolbar } from '../referrals/ListToolbar';
import type { ListState } from '../referrals/listState';
import { PagingFooter } from '../referrals/PagingFooter';
import { ReferralGrid } from '../referrals/ReferralGrid';
import { useListPage } from '../referrals/useListPage';
import { tokenColour } from '../theme/theme';
import { useCompactLayout } from '../shell/useCompactLayout';
import { useShowTalkNow } from '../live/useFeatureFlag';
import { localDay } from '../time/localDay';
import { usePipelines } from '../pipeline/usePipelines';
import { useContactClocks } from '../contact/useContactClocks';
import { FOOTER_RESERVE } from '../referrals/gridLayout';
import { ExportButton } from './ExportButton';
import { fittedAcquiredColumns } from './fittedColumns';
import { FiltersSheet } from '../shell/FiltersSheet';
import { ProgressFilterBar } from './ProgressFilterBar';
import {
  activeFilters,
  exportParams,
  filtering,
  matchesProgress,
  progressFiltersOf,
  progressParams,
  withProgressFilters,
  type ProgressFilters,
} from './progressFilters';

const ACQUIRED_TOPIC = { kind: 'acquired' } as const;

/** Acquired Referrals (Claim-It Transactions for admins): the agency's bought referrals, live. */
export const AcquiredPage = () => {
  const { access } = useSession();
  const heading = acquiredHeading(access.isAdmin);
  useDocumentTitle(listPageTitle(heading, useBrand()));
  const mobile = useCompactLayout();
  const [state, setState] = useState<ListState>({
    view: 'all',
    showClaimed: true,
    dateFilter: DEFAULT_DATE_FILTERS.acquired,
    stateCode: null,
    sort: DEFAULT_SORTS.acquired,
    page: 0,
    size: PAGING.acquiredPageSize,
  });
  const update = (change: Partial<ListState>) => setState((s) => ({ ...s, page: 0, ...change }));
  const [selected, setSelected] = useState<GridRow | null>(null);
  // The progress filters live in the address, like the state filter of the other lists.
  const [search, setSearch] = useSearchParams();
  const filters = progressFiltersOf(search);
  const setFilters = (f: ProgressFilters) => {
    setSearch((p) => withProgressFilters(p, f), { replace: true });
    setState((s) => ({ ...s, page: 0 }));
  };
  const today = localDay();
  const [pageIds, setPageIds] = useState('');
  const pipelines = usePipelines(pageIds === '' ? [] : pageIds.split(',').map(Number));
  const contactClocks = useContactClocks(
    pageIds === '' ? [] : pageIds.split(',').map(Number),
    pipelines.byId,
    !access.isAdmin,
  );
  const page = useListPage<Opportunity>({
    path: '/api/acquired',
    state,
    withView: false,
    topic: ACQUIRED_TOPIC,
    // The date filter reads the acquisition (lastModDate), as the relay's list does.
    dateField: ACQUIRED_DATE_FIELD,
    extraParams: progressParams(filters, today),
    alsoMatches: (r) => matchesProgress(filters, pipelines.byId.get(r.opportunityId), today),
    // Under a progress filter a colleague's change may move a row out: the page is read again.
    refetchKey: filtering(filters) ? `progress:${pipelines.changes}` : undefined,
  });
  const rowIds = page.rows.map((r) => r.opportunityId).join(',');
  // The pipelines follow the rows shown (set while rendering, so no extra pass through an effect).
  if (rowIds !== pageIds) setPageIds(rowIds);
  const showTalkNow = useShowTalkNow();
  const context: CellContext = useMemo(
    () => ({
      privileged: access.privileged,
      isAdmin: access.isAdmin,
      showPrices: true,
      showTalkNow,
      mobile,
      pipelines: pipelines.byId,
      contactClocks,
    }),
    [access, showTalkNow, mobile, pipelines.byId, contactClocks],
  );
  const columns = useMemo(() => fittedAcquiredColumns(access.isAdmin), [access.isAdmin]);
  const toolbar = (
    <ListToolbar
      state={state}
      parts={{
        view: false,
        showClaimed: false,
        dateFilter: true,
        stateFilter: true,
        legend: false,
      }}
      onChange={update}
    />
  );
  const progressBar = <ProgressFilterBar filters={filters} onChange={setFilters} />;
  const exportButton = (
    <ExportButton
      params={exportParams(state, filters, today)}
      filename={boughtExportFileName(access, today)}
      iconOnly={mobile}
    />
  );
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography
          variant="h5"
          component="h1"
          sx={{ flexGrow: 1, fontSize: mobile ? '1.25rem' : undefined }}
        >
          {heading}
        </Typography>
        {mobile && (
          <>
            <FiltersSheet active={activeFilters(state, filters)}>
              {toolbar}
              {progressBar}
            </FiltersSheet>
            {exportButton}
          </>
        )}
      </Box>
      {!mobile && (
        <>
          {toolbar}
          <ProgressFilterBar filters={filters} onChange={setFilters}>
            {exportButton}
          </ProgressFilterBar>
        </>
      )}
      {page.error && (
        <Typography role="alert" sx={{ color: (t) => tokenColour(t, 'red'), my: 1 }}>
          {page.error}
        </Typography>
      )}
      <ReferralGrid
        label={heading}
        rows={page.rows}
        columns={columns}
        context={context}
        loading={page.loading}
        sort={state.sort}
        sortRule={cycleSort}
        onSort={(sort) => update({ sort })}
        selectedId={selected?.opportunityId ?? null}
        onRowClick={setSelected}
        fitReserve={FOOTER_RESERVE}
      />
      <PagingFooter
        page={state.page}
        size={state.size}
        total={page.total}
        loading={page.loading}
        onPage={(p) => update({ page: p })}
      />
      <DetailsPanel referral={selected} onClose={() => setSelected(null)} />
    </Box>
  );
};
