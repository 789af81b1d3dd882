import { useMemo, useState } from 'react';
import { Box, Typography } from '@mui/material';
import {
  DEFAULT_DATE_FILTERS,
  DEFAULT_SORTS,
  emptyListReason,
  HEADINGS,
  listPageTitle,
  PAGING,
  RECENT_COLUMNS,
  type ListReferral,
} from '@referrals/shared';
import { useBrand, useDocumentTitle } from '../app/BrandContext';
import { useSession } from '../app/useSession';
import type { CellContext } from '../referrals/gridColumns';
import { listTopic, type ListState } from '../referrals/listState';
import { FOOTER_RESERVE } from '../referrals/gridLayout';
import { PagingFooter } from '../referrals/PagingFooter';
import { ReferralGrid } from '../referrals/ReferralGrid';
import { useListPage } from '../referrals/useListPage';
import { useCompactLayout } from '../shell/useCompactLayout';
import { useShowTalkNow } from '../live/useFeatureFlag';

// The recent table's Delivered is a day stamp (Today or a date, time beneath), not a time-ago.
const COLUMNS = RECENT_COLUMNS.map((c) => (c.id === 'addDate' ? { ...c, id: 'delivered' } : c));

/** Recent referrals (headed All Referrals): newest first, live, rows highlight on hover. */
export const RecentPage = () => {
  const { access } = useSession();
  useDocumentTitle(listPageTitle(HEADINGS.recent, useBrand()));
  const mobile = useCompactLayout();
  const [state, setState] = useState<ListState>({
    view: 'all',
    showClaimed: true,
    dateFilter: DEFAULT_DATE_FILTERS.adminList,
    stateCode: null,
    sort: DEFAULT_SORTS.availableAndAll,
    page: 0,
    size: PAGING.availablePageSize,
  });
  const page = useListPage<ListReferral>({
    path: '/api/referrals',
    state,
    withView: true,
    topic: listTopic(state),
  });
  const showTalkNow = useShowTalkNow();
  const context: CellContext = useMemo(
    () => ({
      privileged: access.privileged,
      isAdmin: access.isAdmin,
      showPrices: true,
      showTalkNow,
      mobile,
    }),
    [access, showTalkNow, mobile],
  );
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {HEADINGS.recent}
      </Typography>
      <ReferralGrid
        label={HEADINGS.recent}
        rows={page.rows}
        columns={COLUMNS}
        context={context}
        loading={page.loading}
        explained={{
          reason: emptyListReason({ state: null, dateFilter: state.dateFilter, showClaimed: true }),
          ways: [],
        }}
        fitReserve={FOOTER_RESERVE}
      />
      <PagingFooter
        page={state.page}
        size={state.size}
        total={page.total}
        loading={page.loading}
        onPage={(p) => setState((s) => ({ ...s, page: p }))}
      />
    </Box>
  );
};
