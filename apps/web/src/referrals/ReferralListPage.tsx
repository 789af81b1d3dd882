import { Suspense, useCallback, useMemo, useState } from 'react';
import { Alert, Box, IconButton, Stack, Typography } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  ALL_REFERRALS_COLUMNS,
  CONSOLE_FLAGS,
  appetiteFallbackText,
  AVAILABLE_REFERRALS_COLUMNS,
  cycleAllOpportunitiesSort,
  cycleSort,
  defaultReferralView,
  HEADINGS,
  listDefaults,
  listPageTitle,
  marketplaceTitle,
  visibleColumns,
  type ListReferral,
  type Sort,
} from '@referrals/shared';
import { useBrand, useDocumentTitle } from '../app/BrandContext';
import { lazyNamed } from '../app/lazyNamed';
import { useSession } from '../app/useSession';
import { useFeatureFlag, useShowTalkNow } from '../live/useFeatureFlag';
import type { CellContext, GridRow } from './gridColumns';
import { Legend, ListToolbar } from './ListToolbar';
import { activeFilters, initialListState, listTopic } from './listState';
import { useOpenReferralFromUrl } from './openReferralParam';
import { PagingFooter } from './PagingFooter';
import { FOOTER_RESERVE } from './gridLayout';
import { ReferralGrid } from './ReferralGrid';
import { SortStateLabel } from './SortStateLabel';
import { useExpiringFirst } from './useExpiringFirst';
import { useListPage } from './useListPage';
import { useEmptyExplained } from './useEmptyExplained';
import { useListState } from './useListState';
import { tokenColour } from '../theme/theme';
import { useCompactLayout } from '../shell/useCompactLayout';
import { useAgencyHolds, useRowViewers } from '../presence/usePresence';

// The panel and the status modal open on a row; their code loads then, not with the list.
const DetailsPanel = lazyNamed(() => import('../details/DetailsPanel'), 'DetailsPanel');
const StatusModal = lazyNamed(() => import('./StatusModal'), 'StatusModal');

/**
 * A signed-in referral list: admin/all-referrals ('all') or the available-referral variant. The
 * page comes from the relay and stays live; row click selects and opens the details panel.
 */
export const ReferralListPage = ({ variant }: { readonly variant: 'all' | 'available' }) => {
  const { access, username } = useSession();
  const brand = useBrand();
  const defaults = listDefaults({ kind: 'signedIn', access, username });
  const title = variant === 'all' ? marketplaceTitle(access) : HEADINGS.availableList;
  useDocumentTitle(listPageTitle(title, brand));
  const mobile = useCompactLayout();
  const startView = defaultReferralView(access);
  const { state, ready, update, outside } = useListState(
    (url) => initialListState(defaults, defaultReferralView(access), url),
    defaults.geoLocate,
    startView === 'inAppetite',
  );
  const active = activeFilters(state, {
    view: startView,
    dateFilter: defaults.dateFilter,
    showClaimed: defaults.showClaimed,
  });
  const [noteClosed, setNoteClosed] = useState(false);
  const [selected, setSelected] = useState<GridRow | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [statusOf, setStatusOf] = useState<GridRow | null>(null);
  const [statusOpen, setStatusOpen] = useState(false);

  // Under the expiration flag the admin list opens "Expiring first" until a column is sorted; the
  // request names the order, so the page is fetched again when the flag changes.
  const expirationFirst =
    useFeatureFlag(CONSOLE_FLAGS.expirationSort) && access.isAdmin && state.view === 'all';
  const setSort = useCallback((sort: Sort | null) => update({ sort }), [update]);
  const order = useExpiringFirst(expirationFirst, state.sort, defaults.sort, setSort);
  const showTalkNow = useShowTalkNow();
  const page = useListPage<ListReferral>({
    path: '/api/referrals',
    state: { ...state, sort: order.sort },
    withView: true,
    topic: listTopic(state),
    ready,
  });

  const open = useCallback((row: GridRow) => {
    setSelected(row);
    setPanelOpen(true);
  }, []);
  useOpenReferralFromUrl(open, defaults.detailsPanel);
  const openStatus = useCallback((row: GridRow) => {
    setStatusOf(row);
    setStatusOpen(true);
  }, []);
  // The agency's holds ("Ana is calling") and viewers ("Ana is viewing") of its rows, live
  // (agency users only).
  const holds = useAgencyHolds(access.canClaim);
  const rowIds = useMemo(() => page.rows.map((r) => r.opportunityId), [page.rows]);
  const rowViewers = useRowViewers(rowIds, access.canClaim);
  const context: CellContext = useMemo(
    () => ({
      privileged: access.privileged,
      isAdmin: access.isAdmin,
      showPrices: defaults.showPrices,
      showTalkNow,
      mobile,
      onOpen: open,
      onStatus: openStatus,
      holds,
      rowViewers,
      // On a desk the Available list's one-line rows have no room beside the action: the mark
      // leads the row; in a card it sits over the action, as in All Referrals' Status.
      presenceAt: variant === 'all' ? 'status' : mobile ? 'notes' : 'addDate',
      me: username,
    }),
    [
      access,
      defaults.showPrices,
      showTalkNow,
      mobile,
      open,
      openStatus,
      holds,
      rowViewers,
      username,
      variant,
    ],
  );
  const base = variant === 'all' ? ALL_REFERRALS_COLUMNS : AVAILABLE_REFERRALS_COLUMNS;
  const columns = useMemo(
    () => visibleColumns(base, defaults.extraColumns),
    [base, defaults.extraColumns],
  );
  const explained = useEmptyExplained(
    state,
    update,
    { view: true, keys: ['allStates', 'allReferrals', 'longer', 'showClaimed'], counts: true },
    ready && !page.loading && page.rows.length === 0,
  );
  // A row that changed live shows its new data in the panel and the status modal too.
  const live = (row: GridRow | null) =>
    page.rows.find((r) => r.opportunityId === row?.opportunityId) ?? row;
  const current = live(selected);

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {/* Beside the title, where the filters' line has no room for it. */}
        {!mobile && <Legend />}
        <IconButton aria-label="List settings" disabled>
          <SettingsIcon />
        </IconButton>
      </Stack>
      <ListToolbar
        state={state}
        parts={{
          view: true,
          showClaimed: true,
          dateFilter: true,
          stateFilter: true,
          legend: mobile,
        }}
        onChange={update}
        mobile={mobile}
        active={active}
      />
      {outside && state.stateCode === null && !noteClosed && (
        <Alert severity="info" onClose={() => setNoteClosed(true)} sx={{ mt: 1 }}>
          {appetiteFallbackText(outside)}
        </Alert>
      )}
      {page.error && (
        <Typography role="alert" sx={{ color: (t) => tokenColour(t, 'red'), my: 1 }}>
          {page.error}
        </Typography>
      )}
      <ReferralGrid
        label={title}
        rows={page.rows}
        columns={columns}
        context={context}
        loading={page.loading}
        sort={order.sort}
        sortRule={variant === 'all' ? cycleAllOpportunitiesSort : cycleSort}
        onSort={order.onSort}
        sortState={order.label && <SortStateLabel {...order.label} />}
        selectedId={selected?.opportunityId ?? null}
        onRowClick={defaults.detailsPanel ? open : undefined}
        explained={explained}
        fitReserve={FOOTER_RESERVE}
      />
      <PagingFooter
        page={state.page}
        size={state.size}
        total={page.total}
        loading={page.loading}
        onPage={(p) => update({ page: p })}
      />
      {/* Mounted from the first opening on (and kept, so they close with their transition). */}
      <Suspense fallback={null}>
        {defaults.detailsPanel && selected && (
          <DetailsPanel referral={panelOpen ? current : null} onClose={() => setPanelOpen(false)} />
        )}
        {statusOf && (
          <StatusModal
            referral={live(statusOf)}
            open={statusOpen}
            onClose={() => setStatusOpen(false)}
          />
        )}
      </Suspense>
    </Box>
  );
};
