import { lazy, Suspense, type ReactNode } from 'react';
import { Typography } from '@mui/material';
import { HEADINGS, listPageTitle } from '@referrals/shared';
import { ReferralListPage } from '../referrals/ReferralListPage';
import { Spinner } from '../shell/Spinner';
import { useBrand, useDocumentTitle } from './BrandContext';
import { lazyNamed as named } from './lazyNamed';
import { AdminOnly } from './AdminOnly';

// Only the referral list, where every user lands, is in this chunk. Each other screen is its own
// chunk, so an agent never downloads the admins' screens (marketplaces, flags, audit log,
// returns) and no one downloads the charts before opening the dashboard. e2e/tests/agentBundle
// holds this split.
const AcquiredPage = named(() => import('../acquired/AcquiredPage'), 'AcquiredPage');
const AppetitePage = named(() => import('../appetite/AppetitePage'), 'AppetitePage');
const AuditLogPage = named(() => import('../admin/auditLog/AuditLogPage'), 'AuditLogPage');
const DashboardPage = lazy(() => import('../dashboard/DashboardPage'));
const FeatureFlagsPage = named(
  () => import('../admin/featureFlags/FeatureFlagsPage'),
  'FeatureFlagsPage',
);
const MarketplaceFormPage = named(
  () => import('../admin/marketplaces/form/MarketplaceFormPage'),
  'MarketplaceFormPage',
);
const MarketplacesPage = named(
  () => import('../admin/marketplaces/list/MarketplacesPage'),
  'MarketplacesPage',
);
const RecentPage = named(() => import('../recent/RecentPage'), 'RecentPage');
const ReturnsPage = named(() => import('../admin/returns/ReturnsPage'), 'ReturnsPage');

/** The screens of the admin shell, by route. */
type AdminScreen =
  | 'allReferrals'
  | 'claimIt'
  | 'dashboard'
  | 'featureFlags'
  | 'auditLog'
  | 'returns'
  | 'marketplaces'
  | 'marketplace'
  | 'acquired'
  | 'recent'
  | 'appetite'
  | 'notImplemented';

const Heading = ({ title }: { readonly title: string }) => {
  useDocumentTitle(listPageTitle(title, useBrand()));
  return (
    <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
      {title}
    </Typography>
  );
};

/** The screen of a route; screens of their own chunk suspend while it loads. */
const screenOf = (screen: AdminScreen): ReactNode => {
  switch (screen) {
    case 'allReferrals':
      return <ReferralListPage variant="all" />;
    case 'claimIt':
      return <ReferralListPage variant="available" />;
    case 'dashboard':
      return (
        <>
          <Heading title={HEADINGS.dashboard} />
          <Suspense fallback={null}>
            <DashboardPage />
          </Suspense>
        </>
      );
    case 'featureFlags':
      return (
        <AdminOnly>
          <FeatureFlagsPage />
        </AdminOnly>
      );
    case 'auditLog':
      return (
        <AdminOnly>
          <AuditLogPage />
        </AdminOnly>
      );
    case 'returns':
      return (
        <AdminOnly>
          <ReturnsPage />
        </AdminOnly>
      );
    case 'marketplaces':
      return (
        <AdminOnly>
          <MarketplacesPage />
        </AdminOnly>
      );
    case 'marketplace':
      return (
        <AdminOnly>
          <MarketplaceFormPage />
        </AdminOnly>
      );
    case 'acquired':
      return <AcquiredPage />;
    case 'recent':
      return <RecentPage />;
    case 'appetite':
      return <AppetitePage />;
    case 'notImplemented':
      return (
        <>
          <Heading title="Not Implemented" />
          <Typography>This part of the console is not available yet.</Typography>
        </>
      );
  }
};

/** One screen of the admin shell; the shell stays in place while a screen's chunk loads. */
const AdminScreens = ({ screen }: { readonly screen: AdminScreen }) => (
  <Suspense fallback={<Spinner />}>{screenOf(screen)}</Suspense>
);
export default AdminScreens;
