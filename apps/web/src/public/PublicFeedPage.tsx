import { useCallback, useMemo, useState } from 'react';
import {
  AppBar,
  Box,
  Button,
  Container,
  Stack,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import {
  HEADINGS,
  MOBILE_MEDIA_QUERY,
  PUBLIC_CTA_TEXTS,
  PUBLIC_FEED_COLUMNS,
  publicFeedTitle,
  type PublicReferral,
} from '@referrals/shared';
import { useBrand, useDocumentTitle } from '../app/BrandContext';
import { LiveIndicator } from '../shell/LiveIndicator';
import type { CellContext } from '../referrals/gridColumns';
import { ListToolbar } from '../referrals/ListToolbar';
import { knownState } from '../referrals/listState';
import { PagingFooter } from '../referrals/PagingFooter';
import { useListPage } from '../referrals/useListPage';
import { FOOTER_RESERVE } from '../referrals/gridLayout';
import { useEmptyExplained } from '../referrals/useEmptyExplained';
import { useListState } from '../referrals/useListState';
import { PublicCallsToAction } from './PublicCallsToAction';
import { PublicClaimModal } from './PublicClaimModal';
import { useRenderBasis } from '../ssr/renderBasis';
import { PublicTable } from './PublicTable';
import { initialPublicFeedState, PUBLIC_FEED_DEFAULTS, PUBLIC_FEED_PATH } from './publicFeedRead';

const CONTEXT: Omit<CellContext, 'mobile'> = {
  privileged: false,
  isAdmin: false,
  showPrices: false,
  showTalkNow: false,
};

/**
 * The Insurance Referral Feed: anonymous, live, no prices, expiration or details panel; the state
 * filter only (72 hours); a row click opens the public claim modal. Header and footer per brand.
 */
const PublicFeedPage = () => {
  const brand = useBrand();
  useDocumentTitle(publicFeedTitle(brand));
  // A server render guessed the width from the request (a phone or not); hydration keeps it.
  const basis = useRenderBasis();
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY, { defaultMatches: basis?.mobile ?? false });
  const { state, update } = useListState(initialPublicFeedState, PUBLIC_FEED_DEFAULTS.geoLocate);
  const [modal, setModal] = useState(false);
  const page = useListPage<PublicReferral>({
    path: PUBLIC_FEED_PATH,
    state,
    withView: false,
    topic: { kind: 'publicFeed', state: knownState(state.stateCode) },
  });
  const context = useMemo(() => ({ ...CONTEXT, mobile }), [mobile]);
  const explained = useEmptyExplained(
    state,
    update,
    { view: false, keys: ['allStates'], counts: false },
    !page.loading && page.rows.length === 0,
  );
  const openModal = useCallback(() => setModal(true), []);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" component="header">
        <Toolbar sx={{ gap: 1 }}>
          <Typography variant="h6" component="p" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
            {brand.displayName} Advantage
          </Typography>
          <LiveIndicator />
          <PublicCallsToAction brand={brand} mobile={mobile} />
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="xl" sx={{ flexGrow: 1, py: { xs: 2, sm: 3 } }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 34 } }}>
          {HEADINGS.publicFeed}
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Real-time delivered referrals for independent agents.
        </Typography>
        <ListToolbar
          state={state}
          parts={{
            view: false,
            showClaimed: false,
            dateFilter: false,
            stateFilter: true,
            legend: false,
          }}
          onChange={update}
          mobile={mobile}
          active={state.stateCode === null ? 0 : 1}
        />
        <PublicTable
          label={HEADINGS.publicFeed}
          rows={page.rows}
          columns={PUBLIC_FEED_COLUMNS}
          context={context}
          loading={page.loading}
          onRowClick={openModal}
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
      </Container>
      <Box
        component="footer"
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 3 }}
      >
        <Container maxWidth="xl">
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ alignItems: { md: 'center' } }}
          >
            <Typography sx={{ flexGrow: 1 }}>{brand.infoText}</Typography>
            <Button
              variant="contained"
              color="inherit"
              sx={{ color: 'primary.main' }}
              href={brand.demoLink}
            >
              {PUBLIC_CTA_TEXTS.demo}
            </Button>
          </Stack>
        </Container>
      </Box>
      <PublicClaimModal open={modal} onClose={() => setModal(false)} />
    </Box>
  );
};
export default PublicFeedPage;
