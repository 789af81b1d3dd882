import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { listPageTitle, pausedAt } from '@referrals/shared';
import { useBrand, useDocumentTitle } from '../app/BrandContext';
import { useSession } from '../app/useSession';
import { errorText } from '../admin/common/errors';
import { Spinner } from '../shell/Spinner';
import { useNow } from '../time/clock';
import { AppetiteSummary } from './AppetiteSummary';
import { CapsCard } from './CapsCard';
import { PauseCard } from './PauseCard';
import { TodayCard } from './TodayCard';
import { useMyMarketplace } from './useMyMarketplace';

/** The screen's title: carriers manage a marketplace, agencies their appetite. */
export const appetiteTitle = (isCarrier: boolean): string =>
  isCarrier ? 'Marketplace Appetite' : 'My Appetite';

/**
 * 'My Appetite' (agencies) and 'Marketplace Appetite' (carriers): the marketplace's appetite as
 * it stands, today's deliveries against the cap, and what the agency's admin may change itself
 * (a pause, the caps within an administrator's bounds). Everyone else reads it only.
 */
export const AppetitePage = () => {
  const { access } = useSession();
  const title = appetiteTitle(access.isCarrier);
  useDocumentTitle(listPageTitle(title, useBrand()));
  const my = useMyMarketplace();
  const m = my.marketplace;
  const now = useNow().getTime();
  const paused = m ? pausedAt(m.selfServe.pause, now) : false;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {m ? (
          <Chip
            label={paused ? 'Paused' : m.enabled ? 'Receiving referrals' : 'Switched off'}
            color={paused || !m.enabled ? 'default' : 'success'}
            variant="outlined"
          />
        ) : null}
      </Stack>
      {my.loading ? <Spinner /> : null}
      {my.loadError ? (
        <Alert severity="error">
          Your marketplace could not be loaded: {errorText(my.loadError)}. Reload the page to try
          again.
        </Alert>
      ) : null}
      {m ? (
        <Stack spacing={2}>
          <Typography
            variant="subtitle1"
            component="p"
            sx={{ fontWeight: 600 }}
            data-testid="marketplace-name"
          >
            {m.marketplaceName}
          </Typography>
          {my.refusal ? (
            <Alert severity="error" role="alert">
              {my.refusal.error}
            </Alert>
          ) : null}
          <TodayCard m={m} />
          <PauseCard m={m} saving={my.saving} onSave={my.save} />
          <CapsCard
            // What is saved (here or elsewhere) is what the fields show until edited again.
            key={`${m.riskAppetite.maxReferralsPerDay}/${m.riskAppetite.maxReferralsPerWeek}`}
            m={m}
            saving={my.saving}
            onSave={my.save}
          />
          <AppetiteSummary appetite={m.riskAppetite} />
        </Stack>
      ) : null}
    </Box>
  );
};
