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
  ROUTES,
  type PublicReferral,
} from '@referrals/shared';
import { useBrand, useDocumentTitle } from '../app/BrandContext';
import { LiveIndicator } from '../shell/LiveIndicator';
import type { CellContext } from '../referrals/gridColumns';
import { ListToolbar } from '../referrals/ListToolbar';
import { knownState } from '../referrals/listState';
import { PagingFooter } from '../referrals/PagingFooter';
import { useListPage } from '../referrals/useListPage';
import { useListState } from '../referrals/useListState';
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
  const openModal = useCallback(() => setModal(true), []);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" component="header">
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="p" sx={{ flexGrow: 1 }}>
            {brand.displayName} Advantage
          </Typography>
          <LiveIndicator />
          <Button color="inherit" href={brand.demoLink}>
            {PUBLIC_CTA_TEXTS.demo}
          </Button>
          <Button color="inherit" href={brand.buyNowLink}>
            {PUBLIC_CTA_TEXTS.buyNow}
          </Button>
          <Button color="inherit" href={brand.signUpLink}>
            {PUBLIC_CTA_TEXTS.signUp}
          </Button>
          <Button color="inherit" variant="outlined" href={`/${ROUTES.admin}`}>
            {PUBLIC_CTA_TEXTS.logIn}
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="xl" sx={{ flexGrow: 1, py: 3 }}>
        <Typography variant="h4" component="h1">
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
        />
        <PublicTable
          label={HEADINGS.publicFeed}
          rows={page.rows}
          columns={PUBLIC_FEED_COLUMNS}
          context={context}
          loading={page.loading}
          onRowClick={openModal}
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
