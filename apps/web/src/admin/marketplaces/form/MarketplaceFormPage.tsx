import { useMemo } from 'react';
import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import {
  ADMIN_ROUTES,
  formLeaveNeedsConfirmation,
  marketplaceFormHeading,
  marketplacePageTitle,
  parseMarketplaceRouteId,
} from '@referrals/shared';
import { useBrand, useDocumentTitle } from '../../../app/BrandContext';
import { LoadingOverlay } from '../../common/LoadingOverlay';
import { UnsavedChangesGuard } from '../../common/UnsavedChangesGuard';
import { SaveBar } from './SaveBar';
import { SaveProblems } from './SaveProblems';
import { AppetiteBlocks } from './sections/AppetiteBlocks';
import { DeliveryMethodSection } from './sections/DeliveryMethodSection';
import { DeliverySettingsSection } from './sections/DeliverySettingsSection';
import { GeneralAppetiteSection } from './sections/GeneralAppetiteSection';
import { PaymentSection } from './sections/PaymentSection';
import { PriceAdjustmentSection, PriceRangeSection } from './sections/PriceSections';
import { SetupSection } from './sections/SetupSection';
import { SourcesSection, StatesSection } from './sections/SourcesStatesSections';
import { useFormProblems } from './useFormProblems';
import { useMarketplaceForm } from './useMarketplaceForm';

/** The marketplace create/edit form (section 2.2) at admin/marketplaces/:marketplaceId. */
export const MarketplaceFormPage = () => {
  const param = useParams().marketplaceId ?? '';
  const route = useMemo(() => parseMarketplaceRouteId(param), [param]);
  if (route.mode === 'invalid') return <Navigate to={ADMIN_ROUTES.marketplaces} replace />;
  return <MarketplaceForm key={param} route={route} />;
};

const MarketplaceForm = ({
  route,
}: {
  readonly route: ReturnType<typeof parseMarketplaceRouteId>;
}) => {
  const f = useMarketplaceForm(route);
  const { form, data, lookups } = f;
  const { isDirty } = form.formState;
  const found = useFormProblems(form, f.context);
  const savedName = data.saved?.marketplaceName ?? null;
  const brand = useBrand();
  useDocumentTitle(marketplacePageTitle(route.mode === 'edit' ? (savedName ?? '') : null, brand));
  const existing = route.mode === 'edit';
  return (
    <Box sx={{ position: 'relative' }}>
      <UnsavedChangesGuard when={formLeaveNeedsConfirmation(isDirty, f.created)} />
      <LoadingOverlay show={data.loading || f.saving} label={f.saving ? 'Saving' : 'Loading'} />
      <Link component={RouterLink} to={ADMIN_ROUTES.marketplaces}>
        All Marketplaces
      </Link>
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>
        {marketplaceFormHeading(existing ? (savedName ?? '') : null)}
      </Typography>
      <SaveProblems problem={f.problem} onReload={() => void data.reload().then(f.clearProblem)} />
      <Box
        component="form"
        noValidate
        aria-label="Marketplace"
        onSubmit={(e) => {
          e.preventDefault();
          void f.save();
        }}
      >
        <fieldset disabled={f.saving} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <SetupSection form={form} lookups={lookups} />
          <PaymentSection form={form} agencyFound={lookups.agency !== null} existing={existing} />
          <PriceAdjustmentSection form={form} />
          <PriceRangeSection form={form} />
          <SourcesSection form={form} sources={data.sources} />
          <GeneralAppetiteSection form={form} />
          <StatesSection form={form} />
          <AppetiteBlocks form={form} naicsCodes={data.naicsCodes} />
          <DeliverySettingsSection form={form} holidays={data.holidays} />
          <DeliveryMethodSection form={form} storedIndividual={f.storedIndividual} />
        </fieldset>
        <SaveBar
          found={found}
          dirty={isDirty}
          saving={f.saving}
          onDiscard={() => void data.reload()}
        />
      </Box>
    </Box>
  );
};
